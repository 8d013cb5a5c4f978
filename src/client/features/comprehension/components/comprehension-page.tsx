import { Link, Navigate, useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import type { ChapterWithStory } from '#shared/contracts/stories';
import type { TranscriptSegment } from '#shared/transcript';
import { ArrowLeft } from 'lucide-react';
import { COMPREHENSION_TITLE } from '#client/components/story/comprehension-link';
import { PlayerErrorPage } from '#client/components/listening/player-error-page';
import { buttonClassName } from '#client/components/ui/button';
import { Notice } from '#client/components/ui/notice';
import { Spinner } from '#client/components/ui/spinner';
import { isApiError } from '#client/lib/api-client';
import { chapterQueryOptions } from '#client/lib/api/chapters/get-chapter';
import { useTranscript } from '#client/lib/api/chapters/get-transcript';
import { useAuth } from '#client/lib/auth/auth-context';
import { useDocumentTitle } from '#client/lib/document-title';
import { failedOffline } from '#client/lib/failed-offline';
import { downloadedChapterIds, useDownloads } from '#client/lib/offline/use-downloads';
import { comprehensionTexts as texts } from '../comprehension-texts';
import { ComprehensionQuiz } from './comprehension-quiz';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * /questions/:chapterId — the chapter's comprehension questions as last published (decision 069),
 * from the chapter data the player loads too, so a downloaded chapter's questions work offline.
 */
export function ComprehensionPage() {
  const { chapterId = '' } = useParams();
  const validId = UUID.test(chapterId);
  const { user, status: authStatus } = useAuth();
  const chapterQuery = useQuery({ ...chapterQueryOptions(chapterId), enabled: validId });
  const chapter = chapterQuery.data;
  const questions = chapter?.questions ?? [];
  const needsAccount = chapter?.story.requiresLogin === true && user === null;
  // The lines that answer questions come from the transcript, read only when a question names one.
  const namesLines = questions.some((question) => question.segmentId !== null);
  const transcript = useTranscript(
    chapterId,
    chapter?.hasTranscript === true && !needsAccount && namesLines,
  );
  const downloads = useDownloads();

  const error = chapterQuery.error;
  const status = isApiError(error) ? error.status : null;
  if (!validId || status === 404 || status === 400) {
    return <PlayerErrorPage message="Chapter not found" detail="Chapter not found" />;
  }
  if (failedOffline(error) && !downloadedChapterIds(downloads).has(chapterId)) {
    return <PlayerErrorPage kind="not-downloaded" message="Chapter not downloaded" />;
  }
  if (chapterQuery.isError) {
    return (
      <PlayerErrorPage
        message="Error loading chapter"
        detail="Failed to load chapter. Please try again later."
      />
    );
  }
  if (!chapter || (chapter.story.requiresLogin && authStatus === 'loading')) {
    return <Spinner label={texts.loading} className="py-24" />;
  }
  // A visitor on a story that needs an account: the player says so and leads to sign in.
  if (needsAccount) return <Navigate to={`/player/${encodeURIComponent(chapterId)}`} replace />;
  return (
    <ChapterQuestions chapter={chapter} segments={transcript.data?.transcript.segments ?? []} />
  );
}

/** The page once its chapter is known: its title, and the questions or word that there are none. */
function ChapterQuestions({
  chapter,
  segments,
}: {
  chapter: ChapterWithStory;
  segments: readonly TranscriptSegment[];
}) {
  useDocumentTitle(`${COMPREHENSION_TITLE}: ${chapter.title}`);
  const questions = chapter.questions ?? [];
  const backToChapter = `/player/${encodeURIComponent(chapter.id)}`;
  return (
    <div className="mx-auto max-w-2xl px-4 py-8 sm:px-6 sm:py-12">
      <Link
        to={backToChapter}
        className="inline-flex items-center gap-1 rounded text-sm font-medium text-ink-muted hover:text-ink focus-visible:outline-2 focus-visible:outline-focus"
      >
        <ArrowLeft aria-hidden="true" className="size-4" />
        {texts.backToChapter}
      </Link>
      <p className="mt-4 text-sm font-medium tracking-wide text-ink-muted uppercase">
        {chapter.story.title} · {texts.chapter(chapter.position)}
      </p>
      <h1 className="mt-1 font-serif text-3xl font-semibold">{COMPREHENSION_TITLE}</h1>
      <p className="mt-1 text-lg text-ink-muted">{chapter.title}</p>
      {questions.length === 0 ? (
        <Notice className="mt-8" title={texts.noQuestionsTitle}>
          <p>{texts.noQuestions}</p>
          <Link to={backToChapter} className={buttonClassName({ className: 'mt-4' })}>
            {texts.backToChapter}
          </Link>
        </Notice>
      ) : (
        <ComprehensionQuiz
          chapter={chapter}
          questions={questions}
          segments={segments}
          backToChapter={backToChapter}
        />
      )}
    </div>
  );
}
