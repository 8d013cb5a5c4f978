import { useId } from 'react';
import { Eye } from 'lucide-react';
import {
  assignableRoles,
  type AdminUser,
  type AssignableRole,
} from '#shared/contracts/admin-users';
import { Avatar } from '#client/components/ui/avatar';
import { Button } from '#client/components/ui/button';
import { inputClassName } from '#client/components/ui/input';
import { cn } from '#client/lib/cn';
import { displayNameOf, formatJoined } from '../user-format';
import { RoleBadge, roleLabels } from './role-badge';

export interface UserRowProps {
  user: AdminUser;
  /** The signed-in administrator's own row: their admin role cannot be removed from here. */
  isSelf: boolean;
  /** A role was chosen in the selector; nothing changes until it is confirmed. */
  onRoleChosen: (user: AdminUser, role: AssignableRole) => void;
}

export function UserRow({ user, isSelf, onRoleChosen }: UserRowProps) {
  const selectId = useId();
  const noteId = useId();
  const name = displayNameOf(user);
  return (
    <li className="flex flex-col gap-4 rounded-2xl border border-line bg-surface p-4 shadow-sm shadow-ink/5 lg:flex-row lg:items-center">
      <div className="flex min-w-0 flex-1 items-center gap-3">
        <Avatar src={user.avatarUrl} name={name} className="size-11" />
        <div className="min-w-0">
          <p className="flex flex-wrap items-center gap-2">
            <span className="truncate font-semibold text-ink">{name}</span>
            {isSelf ? <span className="text-sm text-ink-muted">(you)</span> : null}
            <RoleBadge role={user.role} />
          </p>
          <p className="truncate text-sm text-ink-muted">{user.email}</p>
          <p className="text-sm text-ink-muted">
            Joined <time dateTime={user.createdAt}>{formatJoined(user.createdAt)}</time>
          </p>
        </div>
      </div>
      <div className="flex flex-wrap items-end gap-3">
        <div className="space-y-1">
          <label htmlFor={selectId} className="block text-xs font-medium text-ink-muted">
            Role
          </label>
          <select
            id={selectId}
            // The visible label says "Role"; the name says whose (label in name kept).
            aria-label={`Role of ${name}`}
            value={user.role}
            disabled={isSelf}
            aria-describedby={isSelf ? noteId : undefined}
            onChange={(event) => onRoleChosen(user, event.target.value as AssignableRole)}
            className={cn(inputClassName, 'h-9 w-36 text-sm')}
          >
            {/* The selector offers user and admin only; a moderator keeps its role until changed. */}
            {user.role === 'moderator' ? (
              <option value="moderator" disabled>
                {roleLabels.moderator}
              </option>
            ) : null}
            {assignableRoles.map((role) => (
              <option key={role} value={role}>
                {roleLabels[role]}
              </option>
            ))}
          </select>
          {isSelf ? (
            <p id={noteId} className="max-w-36 text-xs text-ink-muted">
              You cannot remove your own admin role.
            </p>
          ) : null}
        </div>
        {/* Admin spec: 'View Details' is displayed but has no behaviour. */}
        <Button variant="secondary" size="sm" aria-label={`View Details of ${name}`}>
          <Eye aria-hidden="true" className="size-4" />
          View Details
        </Button>
      </div>
    </li>
  );
}
