import type { ComponentPropsWithRef } from 'react';
import type { CurrentUser } from '#shared/contracts/auth';
import { Avatar } from '#client/components/ui/avatar';
import { cn } from '#client/lib/cn';

// Shared by the menu's placeholder (first load) and its lazily loaded dropdown, which draws the
// same button as its trigger.
export interface UserMenuProps {
  user: CurrentUser;
  onSignOut: () => Promise<void>;
}

export const displayNameOf = (user: Pick<CurrentUser, 'fullName' | 'email'>): string =>
  user.fullName?.trim() || user.email;

export function AvatarButton({
  user,
  className,
  ...props
}: ComponentPropsWithRef<'button'> & { user: CurrentUser }) {
  return (
    <button
      type="button"
      aria-label="Account menu"
      aria-haspopup="menu"
      className={cn(
        'inline-flex size-11 items-center justify-center rounded-full hover:bg-surface-muted',
        className,
      )}
      {...props}
    >
      <Avatar src={user.avatarUrl} name={displayNameOf(user)} />
    </button>
  );
}
