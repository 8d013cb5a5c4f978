import type { AdminUser, AssignableRole } from '#shared/contracts/admin-users';
import { ConfirmDialog } from '#client/components/ui/confirm-dialog';
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
    <ConfirmDialog
      open={change !== null}
      onOpenChange={(open) => {
        if (!open && !saving) onCancel();
      }}
      title={wording?.title}
      description={wording?.description}
      confirmLabel={wording?.confirm ?? ''}
      busyLabel="Saving..."
      busy={saving}
      // The dialog stays open until the change is saved; the caller closes it.
      onConfirm={() => {
        if (change) onConfirm(change);
      }}
    />
  );
}
