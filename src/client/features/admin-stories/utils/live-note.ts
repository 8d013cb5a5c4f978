import type { StoryStatus } from '#shared/contracts/stories';

const chapters = (count: number) => (count === 1 ? '1 chapter' : `${count} chapters`);

/**
 * What the wizard's success screen says about learners after a save: a save changes the working
 * copy only, so nothing of it is live until it is published (decision 021), and chapters without
 * audio or transcript stay out even then (decision 063).
 */
export function liveNote(saved: {
  editing: boolean;
  status: StoryStatus;
  hasUnpublishedChanges: boolean;
  /** Chapters without their audio or transcript. */
  leftOut: number;
}): string {
  const { editing, status, hasUnpublishedChanges, leftOut } = saved;
  const live =
    status === 'draft'
      ? editing
        ? 'Nothing of it is live: it is a draft, and learners see it only once you publish it from the dashboard.'
        : 'Nothing of it is live yet: learners see it only once you publish it from the dashboard.'
      : hasUnpublishedChanges
        ? 'These changes are not live yet: learners see the version published last until you choose “Publish changes” on the dashboard.'
        : 'Learners already see it as it is now.';
  if (leftOut === 0) return live;
  return leftOut === 1
    ? `${live} 1 chapter without its audio or transcript stays out of what learners see until it has both.`
    : `${live} ${chapters(leftOut)} without their audio or transcript stay out of what learners see until they have both.`;
}
