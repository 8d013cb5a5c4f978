import { useId, type ReactNode } from 'react';
import { Link } from 'react-router';
import type { ChapterLeftOut, ChapterReviewState } from '#shared/contracts/publishing';
import { hasUnreviewed, isPublishForbidden } from '#shared/studio/unreviewed-counts';
import { ConfirmDialog } from '#client/components/ui/confirm-dialog';
import type { PendingPublish } from '../hooks/use-story-actions';
import { missingPartText, leftOutSentence } from '../utils/left-out-text';
import { unreviewedPhrases } from '../utils/unreviewed-text';
import { ChapterStudioLink } from './chapter-studio-link';

export interface PublishDialogProps {
  /** The publish to confirm; the dialog is closed when null. */
  pending: PendingPublish | null;
  publishing: boolean;
  onConfirm: (pending: PendingPublish) => void;
  onCancel: () => void;
}

const chapterCount = (count: number) => (count === 1 ? '1 chapter' : `${count} chapters`);

/**
 * "Publish" (a draft with something unreviewed or chapters left out) and "Publish changes" ask
 * first (decisions 021, 043, 063): the dialog names the chapters learners will not see and what
 * each lacks, says what no person has reviewed yet, chapter by chapter with a way to the studio,
 * and that learners see machine output marked. When the site's setting forbids publishing
 * it, the dialog says so and offers no publish button. Its Cancel button has the focus first.
 */
export function PublishDialog({ pending, publishing, onConfirm, onCancel }: PublishDialogProps) {
  const story = pending?.story;
  const state = pending?.reviewState;
  const unreviewed = state !== undefined && hasUnreviewed(state.unreviewed);
  const forbidden = state !== undefined && isPublishForbidden(state.policy, state.unreviewed);
  const leftOut = state?.leftOut ?? [];
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
      size={unreviewed || leftOut.length > 0 ? 'wide' : 'normal'}
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
            {leftOut.length > 0
              ? ` ${leftOutSentence(state?.chapters.length ?? 0, leftOut.length)}`
              : null}
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
      {leftOut.length > 0 ? <LeftOutList chapters={leftOut} /> : null}
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

/**
 * One chapter of the dialog's lists: its number and title, what is said of it, and its way to
 * the studio, which goes under the text when the dialog is too narrow for both (a phone).
 */
function ChapterItem({
  chapter,
  detail,
  children,
}: {
  chapter: { position: number; title: string };
  detail: string;
  children?: ReactNode;
}) {
  return (
    <li className="flex flex-wrap items-center gap-x-3 gap-y-2 rounded-xl border border-line bg-surface-muted/50 px-3 py-2">
      <span className="min-w-0 flex-1 basis-48">
        <span className="block font-medium break-words text-ink">
          {chapter.position}. {chapter.title}
        </span>
        <span className="block text-ink-muted">{detail}</span>
      </span>
      {children}
    </li>
  );
}

/**
 * The chapters learners will not see, each with what it lacks (decision 063), and where to add
 * it: a transcript in the studio, audio in the story's wizard or on the Associate tab.
 */
function LeftOutList({ chapters }: { chapters: readonly ChapterLeftOut[] }) {
  const headingId = useId();
  return (
    <div className="mt-4 space-y-3 text-sm">
      <h3 id={headingId} className="font-semibold text-ink">
        Left out for now
      </h3>
      <ul aria-labelledby={headingId} className="space-y-2">
        {chapters.map((chapter) => (
          <ChapterItem key={chapter.id} chapter={chapter} detail={missingPartText[chapter.missing]}>
            {chapter.missing === 'transcript' ? <ChapterStudioLink chapter={chapter} /> : null}
          </ChapterItem>
        ))}
      </ul>
      <p className="text-ink-muted">
        Give a chapter its audio and transcript in Edit Story (Chapters) or on the Associate tab, or
        make its transcript in the studio. Once it has both, &ldquo;Publish changes&rdquo; shows it
        to learners.
      </p>
    </div>
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
          <ChapterItem
            key={chapter.id}
            chapter={chapter}
            detail={
              chapter.readable
                ? unreviewedPhrases(chapter.unreviewed).join(' · ')
                : 'Its transcript cannot be read.'
            }
          >
            <ChapterStudioLink chapter={chapter} review />
          </ChapterItem>
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
