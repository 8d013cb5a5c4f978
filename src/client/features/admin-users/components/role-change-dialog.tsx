import { AlertDialog } from 'radix-ui';
import type { AdminUser, AssignableRole } from '#shared/contracts/admin-users';
import { Button } from '#client/components/ui/button';
import { displayNameOf } from '../user-format';

export interface PendingRoleChange {
  user: AdminUser;
  role: AssignableRole;
}

export interface RoleChangeDialogProps {
  /** The change waiting for confirmation; the dialog is closed when null. */
  change: PendingRoleChange | null;
  saving: boolean;
  onConfirm: (change: PendingRoleChange) => void;
  onCancel: () => void;
}

function wordingOf({ user, role }: PendingRoleChange) {
  const who = `${displayNameOf(user)} (${user.email})`;
  if (role === 'admin') {
    return {
      title: 'Grant admin role?',
      description: `${who} will be able to open the admin panel and manage users, stories, files and settings.`,
      confirm: 'Grant Admin',
    };
  }
  if (user.role === 'admin') {
    return {
      title: 'Remove admin role?',
      description: `${who} will lose access to the admin panel and become a regular user.`,
      confirm: 'Remove Admin',
    };
  }
  return {
    title: 'Change role?',
    description: `${who} will become a regular user.`,
    confirm: 'Change Role',
  };
}

/** Admin spec: granting or removing admin requires a confirm dialog. */
export function RoleChangeDialog({ change, saving, onConfirm, onCancel }: RoleChangeDialogProps) {
  const wording = change ? wordingOf(change) : null;
  return (
    <AlertDialog.Root
      open={change !== null}
      onOpenChange={(open) => {
        if (!open && !saving) onCancel();
      }}
    >
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-50 bg-ink/40 backdrop-blur-[2px]" />
        <AlertDialog.Content className="fixed top-1/2 left-1/2 z-50 w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-2xl border border-line bg-surface p-6 shadow-xl">
          <AlertDialog.Title className="font-serif text-xl font-semibold text-ink">
            {wording?.title}
          </AlertDialog.Title>
          <AlertDialog.Description className="mt-2 text-ink-muted">
            {wording?.description}
          </AlertDialog.Description>
          <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
            <AlertDialog.Cancel asChild>
              <Button variant="secondary" disabled={saving}>
                Cancel
              </Button>
            </AlertDialog.Cancel>
            {/* Not AlertDialog.Action: it would close the dialog before the change is saved. */}
            <Button
              disabled={saving}
              aria-busy={saving}
              onClick={() => {
                if (change) onConfirm(change);
              }}
            >
              {saving ? 'Saving...' : wording?.confirm}
            </Button>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
