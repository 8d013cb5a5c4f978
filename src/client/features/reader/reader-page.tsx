import { useMemo, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { useQueries } from '@tanstack/react-query';
import { ArrowLeft, Headphones } from 'lucide-react';
import type { Chapter } from '#shared/contracts/stories';
import { orderedChapters } from '#shared/discover/story-progress';
import { formatMinutes } from '#shared/format';
import { PlayerErrorPage } from '#client/components/listening/player-error-page';
import { ReadingControls } from '#client/components/listening/reading-controls';
import { usePagePalette, useReadingSettings } from '#client/components/listening/reading-settings';
import { buildTranscriptIndex } from '#client/components/transcript/transcript-index';
import { TranscriptPanel } from '#client/components/transcript/transcript-panel';
import type { LineActionsConfig } from '#client/components/transcript/transcript-view';
import { Badge } from '#client/components/ui/badge';
import { buttonClassName } from '#client/components/ui/button';
import { Spinner } from '#client/components/ui/spinner';
import { isApiError } from '#client/lib/api-client';
import {
  transcriptQueryOptions,
  type LoadedTranscript,
} from '#client/lib/api/chapters/get-transcript';
import { usePlayerPreferences } from '#client/lib/api/me/use-player-preferences';
import { useStory } from '#client/lib/api/stories/get-story';
import { useServerTranslationSettings, type TranslationSettings } from '#client/lib/api/translate';
import { useAuth } from '#client/lib/auth/auth-context';
import { useDocumentTitle } from '#client/lib/document-title';
import { useTheme } from '#client/lib/theme';
import { useSignInWhenRefused } from '#client/lib/auth/login-required';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The player address that starts a chapter at a line (the player honours `?t=`). */
export const listenFromHref = (chapterId: string, start: number) =>
  `/player/${chapterId}?t=${Math.max(0, Math.round(start * 1000) / 1000)}`;

/** /library/reader/:id — a whole story to read, chapter after chapter, with glosses. */
export function ReaderPage() {
  const { id = '' } = useParams();
  const validId = UUID.test(id);
  const navigate = useNavigate();
  const { user } = useAuth();
  const storyQuery = useStory(validId ? id : undefined);
  const story = storyQuery.data;
  const chapters = useMemo(() => (story ? orderedChapters(story) : []), [story]);
  const { preferences } = usePlayerPreferences(user !== null);
  const { settings, update } = useReadingSettings();
  const { resolved } = useTheme();
  const palette = settings.palette ?? (resolved === 'dark' ? 'dark' : 'light');
  usePagePalette(palette);
  const [showOverride, setShowOverride] = useState<boolean | null>(null);
  const showTranslations = showOverride ?? preferences.showTranslations;
  const [surface, setSurface] = useState<HTMLDivElement | null>(null);
  const status = isApiError(storyQuery.error) ? storyQuery.error.status : null;

  useDocumentTitle(story ? `${story.title} — Reader` : 'Reader');

  // A visitor opening a chapter of a story that needs an account goes to sign in.
  useSignInWhenRefused(status);

  // Decision 038: the preferred language when this site can serve it, else English with a note.
  const translation = useServerTranslationSettings(user ? preferences.preferredLanguage : null);

  if (!validId || status === 404 || status === 400) {
    return <PlayerErrorPage message="Story not found" detail="Story not found" />;
  }
  if (status === 401) return <Spinner label="Redirecting to sign in..." className="py-24" />;
  if (storyQuery.isError) {
    return (
      <PlayerErrorPage
        message={storyQuery.error instanceof Error ? storyQuery.error.message : 'Error'}
        detail="Failed to load the story. Please try again later."
      />
    );
  }
  if (!story) return <Spinner label="Loading the story..." className="py-24" />;

  const totalSeconds = chapters.reduce((sum, chapter) => sum + (chapter.duration ?? 0), 0);
  return (
    <div ref={setSurface} data-palette={palette} className="min-h-dvh bg-canvas text-ink">
      <div className="mx-auto max-w-3xl px-4 py-8 sm:px-6 sm:py-12">
        <Link
          to="/library"
          className="inline-flex items-center gap-2 rounded font-medium text-accent-ink underline-offset-4 hover:underline"
        >
          <ArrowLeft aria-hidden="true" className="size-4" />
          Back to Library
        </Link>
        <header className="mt-6">
          <div className="flex flex-wrap gap-2">
            <Badge>{story.language}</Badge>
            <Badge tone={story.level.toLowerCase() as 'beginner' | 'intermediate' | 'advanced'}>
              {story.level}
            </Badge>
            {totalSeconds > 0 ? <Badge>{formatMinutes(totalSeconds)} min</Badge> : null}
          </div>
          <h1 className="mt-3 text-3xl font-semibold tracking-tight sm:text-4xl">{story.title}</h1>
          {story.description ? (
            <p className="mt-3 text-lg text-ink-muted">{story.description}</p>
          ) : null}
          <p className="mt-3 text-sm text-ink-muted">
            Click a word for its meaning, use the button at the end of a line for its translation,
            or listen from any line.
          </p>
        </header>

        <ReadingControls
          className="mt-6 rounded-2xl border border-line bg-surface px-4 py-3"
          settings={settings}
          palette={palette}
          onChange={update}
          showTranslations={showTranslations}
          onShowTranslationsChange={setShowOverride}
        />

        {chapters.length === 0 ? (
          <p className="mt-10 text-ink-muted">This story has no chapters yet.</p>
        ) : (
          <ReaderChapters
            chapters={chapters}
            translation={translation}
            textSize={settings.textSize}
            showTranslations={showTranslations}
            onNavigate={(href) => void navigate(href)}
            popupContainer={surface}
          />
        )}
      </div>
    </div>
  );
}

function ReaderChapters({
  chapters,
  ...rest
}: {
  chapters: Chapter[];
  translation: TranslationSettings;
  textSize: number;
  showTranslations: boolean;
  onNavigate: (href: string) => void;
  popupContainer: Element | null;
}) {
  const transcripts = useQueries({
    queries: chapters.map((chapter) => ({
      ...transcriptQueryOptions(chapter.id),
      enabled: chapter.hasTranscript,
    })),
  });
  return (
    <div className="mt-10 space-y-12">
      {chapters.map((chapter, position) => (
        <ReaderChapter
          key={chapter.id}
          chapter={chapter}
          number={position + 1}
          loaded={transcripts[position]?.data}
          pending={chapter.hasTranscript && transcripts[position]?.isPending === true}
          failed={transcripts[position]?.isError === true}
          {...rest}
        />
      ))}
    </div>
  );
}

function ReaderChapter({
  chapter,
  number,
  loaded,
  pending,
  failed,
  translation,
  textSize,
  showTranslations,
  onNavigate,
  popupContainer,
}: {
  chapter: Chapter;
  number: number;
  loaded: LoadedTranscript | undefined;
  pending: boolean;
  failed: boolean;
  translation: TranslationSettings;
  textSize: number;
  showTranslations: boolean;
  onNavigate: (href: string) => void;
  popupContainer: Element | null;
}) {
  const headingId = `chapter-${chapter.id}`;
  const available = chapter.hasTranscript && !failed && loaded?.available === true;
  const index = useMemo(
    () => (available && loaded ? buildTranscriptIndex(loaded.transcript) : null),
    [available, loaded],
  );
  const lineActions = useMemo<LineActionsConfig>(
    () => ({
      translate: true,
      bookmark: false,
      listenHref: (segment) => listenFromHref(chapter.id, segment.start),
    }),
    [chapter.id],
  );

  return (
    <section aria-labelledby={headingId}>
      <div className="flex flex-wrap items-baseline justify-between gap-3 border-b border-line pb-3">
        <h2 id={headingId} className="text-2xl font-semibold">
          <span className="text-ink-muted">Chapter {number}:</span> {chapter.title}
        </h2>
        {chapter.hasAudio ? (
          <Link
            to={`/player/${chapter.id}`}
            className={buttonClassName({ variant: 'secondary', size: 'sm' })}
          >
            <Headphones aria-hidden="true" className="size-4" />
            Listen
            <span className="sr-only"> to chapter {number}</span>
          </Link>
        ) : null}
      </div>
      <div className="mt-4">
        {pending ? (
          <Spinner label="Loading the transcript..." className="justify-start py-4" />
        ) : index ? (
          <TranscriptPanel
            index={index}
            chapterId={chapter.id}
            translation={translation}
            textSize={textSize}
            showTranslations={showTranslations}
            markNewWords={false}
            lineActions={lineActions}
            label={`Text of chapter ${number}, ${chapter.title}`}
            onNavigate={onNavigate}
            popupContainer={popupContainer}
          />
        ) : (
          <p className="text-ink-muted">The text of this chapter is not available yet.</p>
        )}
      </div>
    </section>
  );
}
