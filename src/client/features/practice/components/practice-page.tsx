import { useCallback, useMemo, useState } from 'react';
import { Link, useLocation, useParams, useSearchParams } from 'react-router';
import { buildPracticeSet } from '#shared/practice/build-set';
import type { PracticeItem } from '#shared/practice/items';
import type { ChapterWithStory } from '#shared/contracts/stories';
import type { TranscriptSegment } from '#shared/transcript';
import { PlayerErrorPage } from '#client/components/listening/player-error-page';
import { buttonClassName } from '#client/components/ui/button';
import { Notice } from '#client/components/ui/notice';
import { Spinner } from '#client/components/ui/spinner';
import { isApiError } from '#client/lib/api-client';
import { chapterAudioUrl } from '#client/lib/api/chapters/get-chapter';
import { useAuth } from '#client/lib/auth/auth-context';
import { useSignInWhenRefused } from '#client/lib/auth/login-required';
import { useDocumentTitle } from '#client/lib/document-title';
import { failedOffline } from '#client/lib/failed-offline';
import { downloadedChapterIds, useDownloads } from '#client/lib/offline/use-downloads';
import { useOnline } from '#client/lib/use-online';
import { usePracticeSource } from '../hooks/use-practice-source';
import { useStrictAccents } from '../hooks/use-strict-accents';
import type { ItemResult } from '../item-grading';
import {
  DAILY_SET_SIZE,
  practiceSeed,
  practiceSetKindOf,
  type PracticeSetKind,
} from '../practice-seed';
import { practiceTexts } from '../practice-texts';
import { PracticeEnd } from './practice-end';
import { PracticeSession } from './practice-session';
import { PracticeStart } from './practice-start';

type Phase =
  | { name: 'start' }
  | { name: 'session'; round: number; items: readonly PracticeItem[] }
  | { name: 'end'; round: number; items: readonly PracticeItem[]; results: readonly ItemResult[] };

/**
 * /practice/:chapterId — exercises made on this device from the chapter's aligned audio (issue
 * 25, decision 066): the chapter and its transcript load as the player loads them, so a
 * downloaded chapter is practised offline too.
 */
export function PracticePage() {
  const { chapterId = '' } = useParams();
  const [searchParams] = useSearchParams();
  const setKind = practiceSetKindOf(searchParams);
  const { user, status: authStatus } = useAuth();
  const signedIn = user !== null;
  const source = usePracticeSource(chapterId, {
    signedIn,
    sessionKnown: authStatus !== 'loading',
  });
  const { chapter, chapterError } = source;

  const status = isApiError(chapterError) ? chapterError.status : null;
  // A visitor on a story that needs an account signs in first, and comes back here.
  useSignInWhenRefused(source.needsAccount ? 401 : status);
  const offline = failedOffline(chapterError);
  const downloads = useDownloads();
  const notDownloaded = offline && !downloadedChapterIds(downloads).has(chapterId);

  if (!source.validId || status === 404 || status === 400) {
    return <PlayerErrorPage message="Chapter not found" detail="Chapter not found" />;
  }
  if (status === 401 || source.needsAccount) {
    return <Spinner label="Redirecting to sign in..." className="py-24" />;
  }
  if (notDownloaded) {
    return <PlayerErrorPage kind="not-downloaded" message="Chapter not downloaded" />;
  }
  if (chapterError) {
    return (
      <PlayerErrorPage
        message={chapterError.message}
        detail="Failed to load chapter. Please try again later."
      />
    );
  }
  if (source.transcriptFailed) {
    return <PlayerErrorPage kind="transcript" message="Transcript could not be loaded" />;
  }
  if (!chapter || source.segments === null || source.focus === null) {
    return <Spinner label={practiceTexts.loading} className="py-24" />;
  }
  return (
    <PracticeScreen
      key={`${chapter.id}:${setKind}`}
      chapter={chapter}
      segments={source.segments}
      focus={source.focus}
      setKind={setKind}
      userId={user?.id ?? null}
    />
  );
}

interface PracticeScreenProps {
  chapter: ChapterWithStory;
  segments: readonly TranscriptSegment[];
  focus: ReadonlySet<string>;
  setKind: PracticeSetKind;
  userId: string | null;
}

function PracticeScreen({ chapter, segments, focus, setKind, userId }: PracticeScreenProps) {
  const location = useLocation();
  const online = useOnline();
  const { strict, setStrict } = useStrictAccents(userId !== null);
  // Here, not on the page: an error page below it names the page itself.
  useDocumentTitle(practiceTexts.documentTitle(chapter.title));
  const [phase, setPhase] = useState<Phase>({ name: 'start' });

  const makeSet = useCallback(
    (round: number) =>
      buildPracticeSet(
        { segments, level: chapter.story.level },
        practiceSeed(chapter.id, new Date(), round, setKind),
        { focus, ...(setKind === 'daily' ? { size: DAILY_SET_SIZE } : {}) },
      ),
    [segments, chapter.id, chapter.story.level, focus, setKind],
  );
  // What Start will begin: made once the page has what it needs (the start screen counts it).
  const firstSet = useMemo(() => makeSet(0), [makeSet]);
  const audioUrl = chapterAudioUrl(chapter.id);

  let content;
  if (firstSet.length === 0) {
    content = (
      <Notice
        title={practiceTexts.nothingTitle}
        action={
          <Link to={`/player/${chapter.id}`} className={buttonClassName({ size: 'sm' })}>
            {practiceTexts.backToChapter}
          </Link>
        }
      >
        {practiceTexts.nothing}
      </Notice>
    );
  } else if (phase.name === 'start') {
    content = (
      <PracticeStart
        count={firstSet.length}
        lead={setKind === 'daily' ? practiceTexts.daily.lead(firstSet.length) : practiceTexts.lead}
        strictAccents={strict}
        onStrictAccentsChange={setStrict}
        onStart={() => setPhase({ name: 'session', round: 0, items: firstSet })}
      />
    );
  } else if (phase.name === 'session') {
    content = (
      <PracticeSession
        key={phase.round}
        items={phase.items}
        chapterId={chapter.id}
        audioUrl={audioUrl}
        userId={userId}
        strictAccents={strict}
        onStrictAccentsChange={setStrict}
        onDone={(results) => setPhase({ ...phase, name: 'end', results })}
      />
    );
  } else {
    content = (
      <PracticeEnd
        items={phase.items}
        results={phase.results}
        signedIn={userId !== null}
        offline={!online}
        returnPath={`${location.pathname}${location.search}`}
        chapterId={chapter.id}
        onAgain={() => {
          const round = phase.round + 1;
          setPhase({ name: 'session', round, items: makeSet(round) });
        }}
      />
    );
  }

  return (
    <div className="mx-auto max-w-3xl space-y-6 px-4 py-8 sm:px-6 sm:py-12">
      <div>
        <p className="text-sm font-medium tracking-wide text-ink-muted uppercase">
          {practiceTexts.eyebrow} · {chapter.story.title}
        </p>
        <h1 className="mt-1 font-serif text-3xl font-semibold sm:text-4xl">{chapter.title}</h1>
      </div>
      {content}
    </div>
  );
}
