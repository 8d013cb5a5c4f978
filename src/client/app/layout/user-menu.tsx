import { lazy, Suspense, useState, type ComponentPropsWithRef } from 'react';
import type { CurrentUser } from '#shared/contracts/auth';
import { Avatar } from '#client/components/ui/avatar';
import { cn } from '#client/lib/cn';

// The dropdown (Radix DropdownMenu and its positioning code) is fetched on first use, like the
// mobile menu's dialog: hovering or focusing the avatar starts the download.
const loadDropdown = () => import('./user-menu-dropdown');
const UserMenuDropdown = lazy(loadDropdown);

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

/** Desktop: the signed-in user's avatar opening a menu with their email, Profile and Sign Out. */
export function UserMenu({ user, onSignOut }: UserMenuProps) {
  const [mounted, setMounted] = useState(false);
  const placeholder = (
    <AvatarButton
      user={user}
      aria-expanded={false}
      onPointerEnter={() => void loadDropdown()}
      onFocus={() => void loadDropdown()}
      onClick={() => setMounted(true)}
    />
  );
  if (!mounted) return placeholder;
  return (
    <Suspense fallback={placeholder}>
      <UserMenuDropdown user={user} onSignOut={onSignOut} />
    </Suspense>
  );
}
