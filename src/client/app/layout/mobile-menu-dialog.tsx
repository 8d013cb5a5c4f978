import type { RefObject } from 'react';
import { Dialog } from 'radix-ui';
import { X } from 'lucide-react';
import { NavLink, useLocation } from 'react-router';
import { withReturnPath } from '#shared/return-path';
import { Button } from '#client/components/ui/button';
import { cn } from '#client/lib/cn';

// Spec: signed in → Library, Profile, Sign Out (and My words, issue 14); otherwise Library, Sign In
// and Sign Up. Downloads (issue 15) for both: a visitor may download the open stories.
const signedOutLinks = [
  { to: '/library', label: 'Library' },
  { to: '/downloads', label: 'Downloads' },
  { to: '/auth', label: 'Sign In' },
  { to: '/onboarding', label: 'Sign Up' },
] as const;
const signedInLinks = [
  { to: '/library', label: 'Library' },
  { to: '/profile', label: 'Profile' },
  { to: '/words', label: 'My words' },
  { to: '/downloads', label: 'Downloads' },
] as const;

const itemClassName = 'block w-full rounded-xl px-4 py-3 text-left text-lg font-medium';

export interface MobileMenuDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The hamburger button, which lives outside the dialog (it is loaded separately). */
  returnFocusTo: RefObject<HTMLButtonElement | null>;
  signedIn: boolean;
  onSignOut: () => Promise<void>;
}

/** Modal menu panel: focus is trapped inside, Escape or the close button dismisses it. */
export default function MobileMenuDialog({
  open,
  onOpenChange,
  returnFocusTo,
  signedIn,
  onSignOut,
}: MobileMenuDialogProps) {
  const links = signedIn ? signedInLinks : signedOutLinks;
  // Sign In and Sign Up bring the learner back to this page afterwards.
  const { pathname, search, hash } = useLocation();
  const linkTo = (to: string) =>
    to === '/auth' || to === '/onboarding' ? withReturnPath(to, pathname + search + hash) : to;
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-ink/40 backdrop-blur-[2px] md:hidden" />
        <Dialog.Content
          aria-describedby={undefined}
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            returnFocusTo.current?.focus();
          }}
          className="fixed inset-x-3 top-3 z-50 rounded-2xl border border-line bg-surface p-4 shadow-xl md:hidden"
        >
          <div className="flex items-center justify-between">
            <Dialog.Title className="font-serif text-lg font-semibold">Menu</Dialog.Title>
            <Dialog.Close asChild>
              <Button variant="ghost" size="icon" aria-label="Close menu">
                <X aria-hidden="true" className="size-6" />
              </Button>
            </Dialog.Close>
          </div>
          <nav aria-label="Mobile" className="mt-2">
            <ul className="flex flex-col gap-1">
              {links.map((link) => (
                <li key={link.to}>
                  <NavLink
                    to={linkTo(link.to)}
                    onClick={() => onOpenChange(false)}
                    className={({ isActive }) =>
                      cn(
                        itemClassName,
                        'hover:bg-surface-muted',
                        isActive ? 'bg-accent-soft text-accent-soft-ink' : 'text-ink',
                      )
                    }
                  >
                    {link.label}
                  </NavLink>
                </li>
              ))}
              {signedIn ? (
                <li>
                  <button
                    type="button"
                    className={cn(itemClassName, 'text-ink hover:bg-surface-muted')}
                    onClick={() => {
                      onOpenChange(false);
                      void onSignOut();
                    }}
                  >
                    Sign Out
                  </button>
                </li>
              ) : null}
            </ul>
          </nav>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
