import { lazy, Suspense, useRef, useState } from 'react';
import { Menu } from 'lucide-react';
import { Button } from '#client/components/ui/button';

// The dialog (Radix Dialog, focus trap, scroll lock) is fetched on first use: desktop visitors
// never download it, mobile visitors fetch it when they reach for the menu.
const loadDialog = () => import('./mobile-menu-dialog');
const MobileMenuDialog = lazy(loadDialog);

export interface MobileMenuProps {
  signedIn: boolean;
  onSignOut: () => Promise<void>;
}

/** The hamburger menu below 768 px. */
export function MobileMenu({ signedIn, onSignOut }: MobileMenuProps) {
  const [open, setOpen] = useState(false);
  const [mounted, setMounted] = useState(false);
  const triggerRef = useRef<HTMLButtonElement>(null);
  return (
    <>
      <Button
        ref={triggerRef}
        variant="ghost"
        size="icon"
        aria-label="Open menu"
        aria-haspopup="dialog"
        aria-expanded={open}
        className="md:hidden"
        onPointerEnter={() => void loadDialog()}
        onFocus={() => void loadDialog()}
        onClick={() => {
          setMounted(true);
          setOpen(true);
        }}
      >
        <Menu aria-hidden="true" className="size-6" />
      </Button>
      {mounted ? (
        <Suspense fallback={null}>
          <MobileMenuDialog
            open={open}
            onOpenChange={setOpen}
            returnFocusTo={triggerRef}
            signedIn={signedIn}
            onSignOut={onSignOut}
          />
        </Suspense>
      ) : null}
    </>
  );
}
