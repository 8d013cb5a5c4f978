import { useId, useState, type ReactNode } from 'react';
import { ChevronDown, SlidersHorizontal } from 'lucide-react';
import { cn } from '#client/lib/cn';

/**
 * The reading controls fold away on a phone so the transcript gets the screen (issue 14): below
 * the desktop breakpoint (768 px) they are closed behind a "Reading settings" button; from it up
 * they are always shown and the button is gone. CSS decides, so the server's HTML and the first
 * paint are already right on either screen.
 */
export function FoldingControls({ children }: { children: ReactNode }) {
  const [open, setOpen] = useState(false);
  const id = useId();
  return (
    <>
      <button
        type="button"
        aria-expanded={open}
        aria-controls={id}
        onClick={() => setOpen((current) => !current)}
        className="inline-flex h-9 items-center gap-2 rounded-full border border-line bg-surface px-3 text-sm sm:px-4 font-medium text-ink hover:bg-surface-muted focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-focus md:hidden"
      >
        <SlidersHorizontal aria-hidden="true" className="size-4" />
        {/* One compact row with Bookmarks and the listening assist on a narrow phone. */}
        <span>
          Reading <span className="max-sm:sr-only">settings</span>
        </span>
        <ChevronDown
          aria-hidden="true"
          className={cn('size-4 transition-transform', open && 'rotate-180')}
        />
      </button>
      <div
        id={id}
        data-open={open}
        className={cn(
          open ? 'block w-full' : 'hidden',
          'order-last md:order-none md:block md:w-auto',
        )}
      >
        {children}
      </div>
    </>
  );
}
