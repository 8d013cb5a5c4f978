import { useId } from 'react';
import { Link } from 'react-router';
import { AudioWaveform } from 'lucide-react';
import type { ChapterReviewState } from '#shared/contracts/publishing';
import { hasUnreviewed, isPublishForbidden } from '#shared/studio/unreviewed-counts';
import { buttonClassName } from '#client/components/ui/button';
import { ConfirmDialog } from '#client/components/ui/confirm-dialog';
import type { PendingPublish } from '../hooks/use-story-actions';
import { chapterReviewPath } from '../utils/story-links';
import { unreviewedPhrases } from '../utils/unreviewed-text';

export interface PublishDialogProps {
  /** The publish to confirm; the dialog is closed when null. */
  pending: PendingPublish | null;
  publishing: boolean;
  onConfirm: (pending: PendingPublish) => void;
  onCancel: () => void;
}

const chapterCount = (count: number) => (count === 1 ? '1 chapter' : `${count} chapters`);

/**
 * "Publish" (a draft with something unreviewed) and "Publish changes" ask first (decisions 021,
 * 043): the dialog says what no person has reviewed yet, chapter by chapter with a way to the
 * studio, and that learners see machine output marked. When the site's setting forbids publishing
 * it, the dialog says so and offers no publish button. Its Cancel button has the focus first.
 */
export function PublishDialog({ pending, publishing, onConfirm, onCancel }: PublishDialogProps) {
  const story = pending?.story;
  const state = pending?.reviewState;
  const unreviewed = state !== undefined && hasUnreviewed(state.unreviewed);
  const forbidden = state !== undefined && isPublishForbidden(state.policy, state.unreviewed);
  const changes = pending?.action === 'publish-changes';
  const removed = changes ? (story?.removedChapters.length ?? 0) : 0;

  const whatLearnersSee = changes
    ? `Learners will see "${story?.title}" as it is now: its details, chapters, texts, timings and translations.`
    : `Learners will see "${story?.title}" in the library.`;
  const removal =
    removed > 0
      ? ` ${chapterCount(removed)} removed since the last publish will be deleted, with learners' progress on ${removed === 1 ? 'it' : 'them'}.`
      : '';

  return (
    <ConfirmDialog
      open={pending !== null}
      onOpenChange={(open) => {
        if (!open) onCancel();
      }}
      size={unreviewed ? 'wide' : 'normal'}
      title={forbidden ? 'Review Needed' : changes ? 'Publish Changes' : 'Publish Story'}
      description={
        forbidden ? (
          <>
            This site asks for machine translations and glosses to be reviewed before a story is
            published, and &quot;{story?.title}&quot; has some that no one has approved.
          </>
        ) : (
          <>
            {whatLearnersSee}
            {removal}
            {unreviewed ? ' Part of it has not been reviewed yet.' : null}
          </>
        )
      }
      confirmLabel={forbidden ? undefined : changes ? 'Publish Changes' : 'Publish'}
      cancelLabel={forbidden ? 'Close' : 'Cancel'}
      busyLabel="Publishing..."
      busy={publishing}
      onConfirm={() => {
        if (pending) onConfirm(pending);
      }}
    >
      {state && unreviewed ? (
        <UnreviewedList
          chapters={state.chapters}
          totals={unreviewedPhrases(state.unreviewed)}
          forbidden={forbidden}
        />
      ) : null}
    </ConfirmDialog>
  );
}

/** The totals, then each chapter with something unreviewed and its way to the studio. */
function UnreviewedList({
  chapters,
  totals,
  forbidden,
}: {
  chapters: readonly ChapterReviewState[];
  totals: readonly string[];
  forbidden: boolean;
}) {
  const headingId = useId();
  const waiting = chapters.filter(
    (chapter) => !chapter.readable || hasUnreviewed(chapter.unreviewed),
  );
  const machine = chapters.some(
    (chapter) => chapter.unreviewed.machineTranslations + chapter.unreviewed.machineGlosses > 0,
  );
  return (
    <div className="mt-4 space-y-3 text-sm">
      <h3 id={headingId} className="font-semibold text-ink">
        Not reviewed yet
      </h3>
      {waiting.length > 1 ? (
        <p className="text-ink" data-testid="unreviewed-totals">
          In all: {totals.join(' · ')}
        </p>
      ) : null}
      <ul aria-labelledby={headingId} className="space-y-2" data-testid="unreviewed-chapters">
        {waiting.map((chapter) => (
          <li
            key={chapter.id}
            className="flex flex-wrap items-center gap-x-3 gap-y-2 rounded-xl border border-line bg-surface-muted/50 px-3 py-2"
          >
            <span className="min-w-0 flex-1">
              <span className="block font-medium break-words text-ink">
                {chapter.position}. {chapter.title}
              </span>
              <span className="block text-ink-muted">
                {chapter.readable
                  ? unreviewedPhrases(chapter.unreviewed).join(' · ')
                  : 'Its transcript cannot be read.'}
              </span>
            </span>
            <Link
              to={chapterReviewPath(chapter.id)}
              aria-label={`Review in Studio: ${chapter.title}`}
              className={buttonClassName({ variant: 'secondary', size: 'sm' })}
            >
              <AudioWaveform aria-hidden="true" className="size-4" />
              Review in Studio
            </Link>
          </li>
        ))}
      </ul>
      {forbidden ? (
        <p className="text-ink-muted">
          Approve or edit them in the studio, or change &quot;Unreviewed machine translations&quot;
          in{' '}
          <Link to="/admin/settings" className="font-medium text-accent-ink underline">
            Settings
          </Link>
          .
        </p>
      ) : machine ? (
        <p className="text-ink-muted">
          Learners see machine translations and glosses marked &quot;Machine translation&quot;.
        </p>
      ) : null}
    </div>
  );
}
