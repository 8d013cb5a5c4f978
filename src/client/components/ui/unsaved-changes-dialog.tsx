import type { LeaveGuard } from '#client/lib/use-leave-guard';
import { ConfirmDialog } from './confirm-dialog';

/**
 * The question useLeaveGuard asks before unsaved changes are left behind; Stay is focused first,
 * so Enter or Escape keeps the work.
 */
export function UnsavedChangesDialog({
  guard,
  description,
}: {
  guard: Pick<LeaveGuard, 'pending' | 'stay' | 'leave'>;
  /** What would be lost, said plainly. */
  description: string;
}) {
  return (
    <ConfirmDialog
      open={guard.pending}
      onOpenChange={(isOpen) => {
        if (!isOpen) guard.stay();
      }}
      title="Leave without saving?"
      description={description}
      confirmLabel="Leave without saving"
      cancelLabel="Stay"
      onConfirm={guard.leave}
    />
  );
}
