import { Link, useParams } from 'react-router';
import { ArrowLeft, RotateCw } from 'lucide-react';
import { Button, buttonClassName } from '#client/components/ui/button';
import { Notice } from '#client/components/ui/notice';
import { Spinner } from '#client/components/ui/spinner';
import { useChapter } from '#client/features/player/api/get-chapter';
import { useTranscript } from '#client/features/player/api/get-transcript';
import { ChapterAudio } from '#client/features/player/components/chapter-audio';
import { TranscriptText } from '#client/features/player/components/transcript-text';
import { isApiError } from '#client/lib/api-client';
import { useDocumentTitle } from '#client/lib/document-title';

function describeLoadError(error: unknown): { title: string; text: string; signIn: boolean } {
  if (isApiError(error)) {
    if (error.status === 404) {
      return {
        title: 'Story Not Found',
        text: 'This chapter does not exist or is no longer available.',
        signIn: false,
      };
    }
    if (error.status === 401 || error.status === 403) {
      return {
        title: 'Login Required',
        text: 'Please sign in to access this story.',
        signIn: true,
      };
    }
    if (error.code === 'NETWORK_ERROR') {
      return {
        title: 'Connection Problem',
        text: 'We could not reach the server. Check your connection and try again.',
        signIn: false,
      };
    }
  }
  return {
    title: 'Something Went Wrong',
    text: 'Failed to load chapter. Please try again later.',
    signIn: false,
  };
}

function PlayerLoadError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { title, text, signIn } = describeLoadError(error);
  useDocumentTitle(title);
  return (
    <div className="mx-auto max-w-2xl px-4 py-16 text-center sm:px-6">
      <h1 className="text-3xl font-semibold">{title}</h1>
      <p className="mt-3 text-lg text-ink-muted">{text}</p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        {signIn ? (
          <Link to="/auth" className={buttonClassName()}>
            Sign In
          </Link>
        ) : (
          <Button onClick={onRetry}>
            <RotateCw aria-hidden="true" className="size-4" />
            Try Again
          </Button>
        )}
        <Link to="/library" className={buttonClassName({ variant: 'secondary' })}>
          Back to Library
        </Link>
        <Link to="/" className={buttonClassName({ variant: 'ghost' })}>
          Go Home
        </Link>
      </div>
    </div>
  );
}

export default function PlayerPage() {
  const { chapterId = '' } = useParams();
  const chapterQuery = useChapter(chapterId);
  const chapter = chapterQuery.data;
  const transcriptQuery = useTranscript(chapterId, chapter?.hasTranscript === true);
  useDocumentTitle(chapter ? `${chapter.title} — ${chapter.story.title}` : 'Player');

  if (chapterQuery.isPending) {
    return <Spinner label="Loading audio and transcript..." className="py-24" />;
  }
  if (chapterQuery.isError) {
    return (
      <PlayerLoadError error={chapterQuery.error} onRetry={() => void chapterQuery.refetch()} />
    );
  }
  if (!chapter) return null;

  return (
    <div className="mx-auto max-w-3xl px-4 py-8 sm:px-6 sm:py-12">
      <Link
        to="/library"
        className="inline-flex items-center gap-2 rounded font-medium text-accent-ink underline-offset-4 hover:underline"
      >
        <ArrowLeft aria-hidden="true" className="size-4" />
        Back to Library
      </Link>

      <p className="mt-6 text-sm font-medium tracking-wide text-ink-muted uppercase">
        {chapter.story.title}
      </p>
      <h1 className="mt-1 text-3xl font-semibold tracking-tight sm:text-4xl">{chapter.title}</h1>
      <p className="mt-3 text-sm text-ink-muted">
        This is a simple first version of the player; the full player with a synchronised transcript
        and word translations is on its way.
      </p>

      <div className="mt-8 rounded-2xl border border-line bg-surface p-4 shadow-sm">
        {chapter.hasAudio ? (
          <ChapterAudio key={chapter.id} chapterId={chapter.id} title={chapter.title} />
        ) : (
          <p className="text-ink-muted">This chapter has no audio yet.</p>
        )}
      </div>

      <section aria-labelledby="transcript-title" className="mt-10">
        <h2 id="transcript-title" className="text-2xl font-semibold">
          Transcript
        </h2>
        <div className="mt-5">
          {!chapter.hasTranscript ? (
            <p className="text-ink-muted">This chapter has no transcript yet.</p>
          ) : transcriptQuery.isPending ? (
            <Spinner label="Loading transcript..." className="justify-start py-6" />
          ) : transcriptQuery.isError ? (
            <Notice
              tone="error"
              title="Transcript Unavailable"
              headingLevel={3}
              action={
                <Button
                  variant="secondary"
                  size="sm"
                  onClick={() => void transcriptQuery.refetch()}
                >
                  <RotateCw aria-hidden="true" className="size-4" />
                  Try Again
                </Button>
              }
            >
              The transcript could not be loaded. You can still listen to the audio.
            </Notice>
          ) : (
            <TranscriptText transcript={transcriptQuery.data} />
          )}
        </div>
      </section>
    </div>
  );
}
