import type { AdminStory } from '#shared/contracts/admin-stories';
import { ConfirmDialog } from '#client/components/ui/confirm-dialog';

export interface PublishChangesDialogProps {
  /** The story to confirm; the dialog is closed when null. */
  story: AdminStory | null;
  publishing: boolean;
  onConfirm: (story: AdminStory) => void;
  onCancel: () => void;
}

const chapterCount = (count: number) => (count === 1 ? '1 chapter' : `${count} chapters`);

/**
 * Publishing changes replaces what learners see (decision 021), and deletes the chapters removed
 * since the last publish with learners' progress on them: it asks first.
 */
export function PublishChangesDialog({
  story,
  publishing,
  onConfirm,
  onCancel,
}: PublishChangesDialogProps) {
  const removed = story?.removedChapters.length ?? 0;
  return (
    <ConfirmDialog
      open={story !== null}
      onOpenChange={(open) => {
        if (!open) onCancel();
      }}
      title="Publish Changes"
      description={
        <>
          Learners will see &quot;{story?.title}&quot; as it is now: its details, chapters, texts,
          timings and translations.
          {removed > 0
            ? ` ${chapterCount(removed)} removed since the last publish will be deleted, with learners' progress on ${removed === 1 ? 'it' : 'them'}.`
            : null}
        </>
      }
      confirmLabel="Publish Changes"
      busyLabel="Publishing..."
      busy={publishing}
      onConfirm={() => {
        if (story) onConfirm(story);
      }}
    />
  );
}
