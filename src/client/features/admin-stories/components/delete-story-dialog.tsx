import type { AdminStory } from '#shared/contracts/admin-stories';
import { ConfirmDialog } from '#client/components/ui/confirm-dialog';

export interface DeleteStoryDialogProps {
  /** The story to confirm; the dialog is closed when null. */
  story: AdminStory | null;
  deleting: boolean;
  onConfirm: (story: AdminStory) => void;
  onCancel: () => void;
}

/** Deleting is final (chapters and learners' progress go too): it asks first. */
export function DeleteStoryDialog({
  story,
  deleting,
  onConfirm,
  onCancel,
}: DeleteStoryDialogProps) {
  return (
    <ConfirmDialog
      open={story !== null}
      onOpenChange={(open) => {
        if (!open) onCancel();
      }}
      title="Delete Story"
      description={
        <>
          Are you sure you want to delete &quot;{story?.title}&quot;? Its chapters and the
          learners&apos; progress on them are deleted too. This cannot be undone.
        </>
      }
      confirmLabel="Delete"
      busyLabel="Deleting..."
      busy={deleting}
      // Stays open until the request settles; the caller closes it.
      onConfirm={() => {
        if (story) onConfirm(story);
      }}
    />
  );
}
