import { startTransition, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useLocation, useParams, useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import type { Preferences } from '#shared/contracts/me';
import type { ChapterWithStory, Story } from '#shared/contracts/stories';
import { messages } from '#shared/messages';
import type { TranscriptSegment } from '#shared/transcript';
import { orderedChapters } from '#shared/discover/story-progress';
import { fallbackTranscript } from '#shared/transcript-parse';
import { seekTo, setRate } from '#client/components/audio/audio-actions';
import { useAudioSource } from '#client/components/audio/use-audio-source';
import { useMediaSession } from '#client/components/audio/use-media-session';
import { ListeningLayout } from '#client/components/listening/listening-layout';
import { PlayerErrorPage } from '#client/components/listening/player-error-page';
import { buildTranscriptIndex } from '#client/components/transcript/transcript-index';
import type { LineActionsConfig } from '#client/components/transcript/transcript-view';
import { ChapterDownloadButton } from '#client/components/offline/chapter-download-button';
import { PreviewBanner } from '#client/components/story/preview-banner';
import { Spinner } from '#client/components/ui/spinner';
import { isApiError } from '#client/lib/api-client';
import { failedOffline } from '#client/lib/failed-offline';
import { chapterAudioUrl, chapterQueryOptions } from '#client/lib/api/chapters/get-chapter';
import { useTranscript, type LoadedTranscript } from '#client/lib/api/chapters/get-transcript';
import { usePlayerPreferences } from '#client/lib/api/me/use-player-preferences';
import { useStory } from '#client/lib/api/stories/get-story';
import { useServerTranslationSettings } from '#client/lib/api/translate';
import { useAuth } from '#client/lib/auth/auth-context';
import { useDocumentTitle } from '#client/lib/document-title';
import { downloadedChapterIds, useDownloads } from '#client/lib/offline/use-downloads';
import { usePreviewMode, withPreview } from '#client/lib/preview';
import { doneOrKept } from '#client/lib/sync/kept-offline';
import { toast } from '#client/lib/toast';
import { useOnline } from '#client/lib/use-online';
import { useBookmarkMutations } from '../api/bookmarks';
import { useChapterVocabulary } from '../api/get-chapter-vocabulary';
import { useChapterProgress } from '../api/get-progress';
import { getDeviceId } from '../progress/device-id';
import { useLiveProgress } from '../progress/use-live-progress';
import { useChapterEnd } from '../hooks/use-chapter-end';
import { useAchievementToasts } from '../progress/use-achievement-toasts';
import { useListeningReport } from '../progress/use-listening-report';
import { useProgressSync } from '../progress/use-progress-sync';
import { useResumePosition } from '../progress/use-resume-position';
import { BookmarksPanel, bookmarkSaveFailed } from './bookmarks-panel';
import { chapterNewWords, ChapterWordsIntro } from './chapter-words-intro';
import { SavedItemsProvider } from './saved-items-provider';
import { ChapterSignInPrompt } from './chapter-sign-in-prompt';
import { LiveProgressBanner } from './live-progress-banner';
import { PracticeOffer } from './practice-offer';
import { chapterNeighbours, SeriesNavigator } from './series-navigator';
import { useSignInWhenRefused } from '#client/lib/auth/login-required';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** `?t=` of a "Listen from here" link: seconds from the start, or null. */
export function parseStartParam(value: string | null): number | null {
  if (value === null || value.trim() === '') return null;
  const seconds = Number(value);
  return Number.isFinite(seconds) && seconds >= 0 ? seconds : null;
}

function useTranscriptUnavailableToast(unavailable: boolean) {
  useEffect(() => {
    if (unavailable) {
      toast.warning(messages.stories.transcriptUnavailable, {
        id: 'transcript-unavailable',
        description: 'Playing audio without transcript synchronization.',
      });
    }
  }, [unavailable]);
}

/**
 * /player/:chapterId — loads the chapter, its story and transcript, then the listening screen.
 * With `?preview=1`, for an administrator, the chapter's working copy, marked as a preview.
 */
export function PlayerPage() {
  const { chapterId = '' } = useParams();
  const validId = UUID.test(chapterId);
  const location = useLocation();
  const { user, status: authStatus } = useAuth();
  const signedIn = user !== null;
  const sessionKnown = authStatus !== 'loading';
  const { preview, pending: previewPending } = usePreviewMode();

  const chapterQuery = useQuery({
    ...chapterQueryOptions(chapterId, preview),
    enabled: validId && !previewPending,
  });
  const chapter = chapterQuery.data;
  // A story that needs an account: a visitor gets the sign-in prompt and nothing of the media.
  const needsAccount = chapter?.story.requiresLogin === true && !preview;
  const mayListen = !needsAccount || signedIn;
  const storyQuery = useStory(chapter?.story.id, preview);
  const transcriptQuery = useTranscript(
    chapterId,
    chapter?.hasTranscript === true && mayListen,
    preview,
  );
  const { preferences, ready: preferencesReady } = usePlayerPreferences(signedIn, sessionKnown);

  const [audio, setAudio] = useState<HTMLAudioElement | null>(null);
  // Handing the element over re-renders the whole player right after hydration: in a
  // transition, so that render does not block the main thread (decision 037).
  const onAudioElement = useCallback((element: HTMLAudioElement | null) => {
    startTransition(() => setAudio(element));
  }, []);
  const autoplay = (location.state as { autoplay?: unknown } | null)?.autoplay === true;
  const src = chapter?.hasAudio && mayListen ? chapterAudioUrl(chapter.id, preview) : null;
  const logContext = useMemo(() => ({ chapterId }), [chapterId]);
  useAudioSource(audio, src, { autoplay, logContext });

  // The learner's preferred speed, once per page (their later changes stay theirs).
  const rateApplied = useRef(false);
  useEffect(() => {
    if (!audio || !preferencesReady || rateApplied.current) return;
    rateApplied.current = true;
    setRate(audio, preferences.playbackSpeed);
  }, [audio, preferencesReady, preferences.playbackSpeed]);

  const error = chapterQuery.error;
  const status = isApiError(error) ? error.status : null;
  useDocumentTitle(chapter ? `${chapter.title} — ${chapter.story.title}` : 'Player');

  // A visitor opening a chapter of a story that needs an account goes to sign in.
  useSignInWhenRefused(status);

  // Offline, the error page says the chapter needs a connection: no toast on top of it.
  const offline = failedOffline(error);
  // Offline and not on this device (a downloaded chapter is answered by the service worker): the
  // page says so and leads to Downloads. One the list holds yet cannot load is a connection
  // problem.
  const downloads = useDownloads();
  const notDownloaded = offline && !downloadedChapterIds(downloads).has(chapterId);
  useEffect(() => {
    if (chapterQuery.isError && status !== 401 && status !== 404 && status !== 400 && !offline) {
      toast.error('Error loading chapter', {
        description: 'Failed to load chapter. Please try again later.',
      });
    }
  }, [chapterQuery.isError, status, offline]);

  let content;
  if (!chapterId) {
    content = (
      <PlayerErrorPage message="Chapter ID not provided" detail="Chapter ID not provided" />
    );
  } else if (!validId || status === 404 || status === 400) {
    content = <PlayerErrorPage message="Chapter not found" detail="Chapter not found" />;
  } else if (status === 401) {
    content = <Spinner label="Redirecting to sign in..." className="py-24" />;
  } else if (notDownloaded) {
    content = <PlayerErrorPage kind="not-downloaded" message="Chapter not downloaded" />;
  } else if (chapterQuery.isError) {
    content = (
      <PlayerErrorPage
        message={error instanceof Error ? error.message : 'Error loading chapter'}
        detail={
          offline && error instanceof Error
            ? error.message
            : 'Failed to load chapter. Please try again later.'
        }
      />
    );
  } else if (!chapter || (!mayListen && !sessionKnown)) {
    content = <Spinner label="Loading audio and transcript..." className="py-24" />;
  } else if (!mayListen) {
    content = <ChapterSignInPrompt chapter={chapter} />;
  } else {
    content = (
      <ChapterView
        key={chapter.id}
        chapter={chapter}
        story={storyQuery.data}
        loaded={transcriptQuery.data}
        transcriptFailed={transcriptQuery.isError}
        audio={audio}
        src={src}
        preferences={preferences}
        preferencesReady={preferencesReady}
        userId={user?.id ?? null}
        preview={preview}
      />
    );
  }

  return (
    <>
      {/* Outside the chapter view: every hook of the page (source, rate, progress) shares it. */}
      <audio
        ref={onAudioElement}
        preload="metadata"
        aria-label={`Audio: ${chapter?.title ?? ''}`}
      />
      {content}
    </>
  );
}

interface ChapterViewProps {
  chapter: ChapterWithStory;
  story: Story | undefined;
  loaded: LoadedTranscript | undefined;
  transcriptFailed: boolean;
  audio: HTMLAudioElement | null;
  src: string | null;
  preferences: Preferences;
  /** The session and the learner's preferences are known (until then nothing is resumed). */
  preferencesReady: boolean;
  userId: string | null;
  /**
   * An administrator's preview of the working copy: marked as one, and nothing of the learner's
   * own (progress, bookmarks, vocabulary) is read or saved, since learners may not see this
   * chapter at all.
   */
  preview: boolean;
}

function ChapterView({
  chapter,
  story,
  loaded,
  transcriptFailed,
  audio,
  src,
  preferences,
  preferencesReady,
  userId,
  preview,
}: ChapterViewProps) {
  const [searchParams] = useSearchParams();
  const signedIn = userId !== null;
  // What belongs to the listener (progress, bookmarks, known words): never for a preview.
  const listener = signedIn && !preview;
  const chapterId = chapter.id;

  // The screen is up while the transcript loads: when it arrives, only the transcript renders.
  const transcriptLoading = chapter.hasTranscript && !transcriptFailed && loaded === undefined;
  const transcriptAvailable =
    chapter.hasTranscript && !transcriptFailed && loaded?.available === true;
  useTranscriptUnavailableToast(!transcriptLoading && !transcriptAvailable);
  const transcript = useMemo(
    () => (transcriptAvailable && loaded ? loaded.transcript : fallbackTranscript()),
    [transcriptAvailable, loaded],
  );
  const index = useMemo(
    () => (transcriptLoading ? null : buildTranscriptIndex(transcript)),
    [transcriptLoading, transcript],
  );

  const vocabulary = useChapterVocabulary(chapterId, listener && transcriptAvailable);
  const chapters = useMemo(() => (story ? orderedChapters(story) : []), [story]);
  const { next } = chapterNeighbours(chapters, chapterId);

  // Progress: saved while listening and at the end, resumed once, offered from other devices.
  const { saveCompletion } = useProgressSync({
    audio,
    src,
    chapterId,
    userId: listener ? userId : null,
  });
  // Listening Minutes: the time actually listened in this visit (decision 033).
  useListeningReport({ audio, src, chapterId, userId: listener ? userId : null });
  useAchievementToasts(listener ? userId : null);
  const start = parseStartParam(searchParams.get('t'));
  const progress = useChapterProgress(chapterId, listener && start === null);
  const resumeTarget =
    start !== null
      ? start
      : !preferencesReady
        ? undefined
        : !listener
          ? null
          : progress.isPending
            ? undefined
            : (progress.data?.lastPositionSeconds ?? null);
  useResumePosition(audio, chapterId, src ? resumeTarget : null);
  const [deviceId] = useState(getDeviceId);
  const live = useLiveProgress({ enabled: listener, chapterId, deviceId, audio });

  useMediaSession(audio, {
    title: chapter.title,
    storyTitle: chapter.story.title,
    artworkUrl: chapter.story.imageUrl,
  });

  // Offline, only a downloaded next chapter can play (decision 042).
  const online = useOnline();
  const downloads = useDownloads();
  const nextPlayable = next != null && (online || downloadedChapterIds(downloads).has(next.id));
  // The chapter's end offers its exercises (issue 25), where there is something to practise.
  const [finished, setFinished] = useState(false);
  useChapterEnd(audio, {
    onCompleted: () => {
      saveCompletion();
      setFinished(true);
    },
    nextChapterPath:
      preferences.autoPlayNext && next && nextPlayable
        ? withPreview(`/player/${next.id}`, preview)
        : null,
  });

  const { create } = useBookmarkMutations(chapterId);
  const createBookmark = create.mutate;
  const onBookmarkLine = useCallback(
    (segment: TranscriptSegment) => {
      const added = doneOrKept('Bookmark added');
      createBookmark(
        { chapterId, positionSeconds: segment.start, segmentId: segment.id },
        {
          onSuccess: () => toast.success(added),
          onError: bookmarkSaveFailed,
        },
      );
    },
    [createBookmark, chapterId],
  );

  const lineActions = useMemo<LineActionsConfig>(
    () => ({ translate: transcriptAvailable, bookmark: listener && transcriptAvailable }),
    [transcriptAvailable, listener],
  );
  // Decision 038: the preferred language when this site can serve it, else English with a note.
  const translation = useServerTranslationSettings(
    signedIn ? preferences.preferredLanguage : null,
    preview,
  );
  const sidebar = useCallback(
    (onDone: () => void) => (
      <BookmarksPanel
        chapterId={chapterId}
        audio={audio}
        signedIn={signedIn}
        segments={index?.segments ?? []}
        onSeek={onDone}
      />
    ),
    [chapterId, audio, signedIn, index],
  );

  return (
    <SavedItemsProvider chapterId={chapterId} listener={listener} visitor={!signedIn && !preview}>
      <ListeningLayout
        audio={audio}
        title={chapter.title}
        storyTitle={chapter.story.title}
        navigator={
          chapters.length > 1 ? (
            <SeriesNavigator chapters={chapters} chapterId={chapterId} preview={preview} />
          ) : null
        }
        intro={
          preview ? (
            <PreviewBanner />
          ) : vocabulary.data ? (
            <ChapterWordsIntro
              knownPercentage={vocabulary.data.knownPercentage}
              newWords={chapterNewWords(transcript.segments, vocabulary.data.newWordIds)}
            />
          ) : null
        }
        after={
          finished && !preview && transcriptAvailable && src ? (
            <PracticeOffer chapterId={chapterId} questionCount={chapter.questions?.length ?? 0} />
          ) : null
        }
        banner={
          live.offer !== null ? (
            <LiveProgressBanner
              position={live.offer}
              onJump={() => {
                if (audio) seekTo(audio, live.offer ?? 0);
                live.dismiss();
              }}
              onDismiss={live.dismiss}
            />
          ) : null
        }
        sidebar={preview ? undefined : sidebar}
        index={index}
        chapterId={transcriptAvailable ? chapterId : undefined}
        translation={translation}
        defaultShowTranslations={preferences.showTranslations}
        newWordIds={vocabulary.data?.newWordIds}
        lineActions={lineActions}
        onBookmarkLine={onBookmarkLine}
        unavailableText={src ? null : 'This chapter has no audio yet.'}
        actions={preview ? null : <ChapterDownloadButton chapter={chapter} userId={userId} />}
      />
    </SavedItemsProvider>
  );
}
