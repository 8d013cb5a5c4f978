import { AlertDialog } from 'radix-ui';
import type { AdminStory } from '#shared/contracts/admin-stories';
import { buttonClassName } from '#client/components/ui/button';

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
    <AlertDialog.Root open={story !== null} onOpenChange={(open) => !open && onCancel()}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-50 bg-ink/40 backdrop-blur-[2px]" />
        <AlertDialog.Content className="fixed top-1/2 left-1/2 z-50 w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-2xl border border-line bg-surface p-6 shadow-xl focus:outline-none">
          <AlertDialog.Title className="text-lg font-semibold">Delete Story</AlertDialog.Title>
          <AlertDialog.Description className="mt-2 text-ink-muted">
            Are you sure you want to delete &quot;{story?.title}&quot;? Its chapters and the
            learners&apos; progress on them are deleted too. This cannot be undone.
          </AlertDialog.Description>
          <div className="mt-6 flex justify-end gap-3">
            <AlertDialog.Cancel className={buttonClassName({ variant: 'secondary', size: 'sm' })}>
              Cancel
            </AlertDialog.Cancel>
            <AlertDialog.Action
              className={buttonClassName({ size: 'sm' })}
              disabled={deleting}
              onClick={(event) => {
                // Stays open until the request settles; the caller closes it.
                event.preventDefault();
                if (story) onConfirm(story);
              }}
            >
              {deleting ? 'Deleting...' : 'Delete'}
            </AlertDialog.Action>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
