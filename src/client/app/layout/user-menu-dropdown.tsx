import type { ReactNode } from 'react';
import { DropdownMenu } from 'radix-ui';
import { BookMarked, Download, LayoutDashboard, LogOut, UserRound } from 'lucide-react';
import { Link } from 'react-router';
import { AvatarButton, displayNameOf, type UserMenuProps } from './avatar-button';

const itemClassName =
  'flex cursor-pointer items-center gap-3 rounded-lg px-3 py-2 text-ink outline-none select-none ' +
  'data-[highlighted]:bg-surface-muted';

function MenuLink({ to, icon, children }: { to: string; icon: ReactNode; children: ReactNode }) {
  return (
    <DropdownMenu.Item asChild className={itemClassName}>
      <Link to={to}>
        {icon}
        {children}
      </Link>
    </DropdownMenu.Item>
  );
}

/** Mounted open: it replaces the placeholder button the first time the avatar is clicked. */
export default function UserMenuDropdown({ user, onSignOut }: UserMenuProps) {
  const name = displayNameOf(user);
  return (
    <DropdownMenu.Root defaultOpen modal={false}>
      <DropdownMenu.Trigger asChild>
        <AvatarButton user={user} />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={6}
          className="z-50 min-w-60 rounded-xl border border-line bg-surface p-1.5 shadow-lg shadow-ink/10"
        >
          <DropdownMenu.Label className="px-3 py-2">
            {name !== user.email ? (
              <span className="block font-medium text-ink">{name}</span>
            ) : null}
            <span className="block truncate text-sm text-ink-muted">{user.email}</span>
          </DropdownMenu.Label>
          <DropdownMenu.Separator className="my-1 h-px bg-line" />
          <MenuLink to="/profile" icon={<UserRound aria-hidden="true" className="size-4" />}>
            Profile
          </MenuLink>
          <MenuLink to="/words" icon={<BookMarked aria-hidden="true" className="size-4" />}>
            My words
          </MenuLink>
          <MenuLink to="/downloads" icon={<Download aria-hidden="true" className="size-4" />}>
            Downloads
          </MenuLink>
          {user.role === 'admin' ? (
            <MenuLink to="/admin" icon={<LayoutDashboard aria-hidden="true" className="size-4" />}>
              Admin
            </MenuLink>
          ) : null}
          <DropdownMenu.Separator className="my-1 h-px bg-line" />
          <DropdownMenu.Item className={itemClassName} onSelect={() => void onSignOut()}>
            <LogOut aria-hidden="true" className="size-4" />
            Sign Out
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
