import { lazy, Suspense, useState } from 'react';
import { AvatarButton, type UserMenuProps } from './avatar-button';

// The dropdown (Radix DropdownMenu and its positioning code) is fetched on first use, like the
// mobile menu's dialog: hovering or focusing the avatar starts the download.
const loadDropdown = () => import('./user-menu-dropdown');
const UserMenuDropdown = lazy(loadDropdown);

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
