import { useId } from 'react';
import { Popover } from 'radix-ui';
import { SHORTCUTS } from './use-keyboard-shortcuts';

/** The '?' button: a small popover listing the keyboard shortcuts. */
export function ShortcutsHelp({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const titleId = useId();
  return (
    <Popover.Root open={open} onOpenChange={onOpenChange}>
      <Popover.Trigger
        aria-label="Keyboard shortcuts"
        className="hidden size-10 items-center justify-center rounded-full border border-line bg-surface text-base font-semibold text-ink hover:bg-surface-muted md:inline-flex"
      >
        ?
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          side="top"
          align="end"
          sideOffset={8}
          // Radix gives the popover role="dialog": its title names it for screen readers.
          aria-labelledby={titleId}
          className="z-50 w-72 rounded-2xl border border-line bg-surface p-4 text-ink shadow-xl"
        >
          <p id={titleId} className="font-serif text-lg font-semibold">
            Keyboard shortcuts
          </p>
          {/* Two columns, every description left-aligned whether it wraps or not (issue 14). */}
          <dl className="mt-3 grid grid-cols-[auto_minmax(0,1fr)] items-baseline gap-x-3 gap-y-2 text-sm">
            {SHORTCUTS.map(({ keys, action }) => (
              <div key={action} className="contents">
                <dt className="flex gap-1">
                  {keys.map((key) => (
                    <kbd
                      key={key}
                      className="min-w-7 rounded-md border border-line bg-surface-muted px-1.5 py-0.5 text-center font-mono text-xs"
                    >
                      {key}
                    </kbd>
                  ))}
                </dt>
                <dd className="text-left text-ink-muted">{action}</dd>
              </div>
            ))}
          </dl>
          <p className="mt-3 text-xs text-ink-muted">
            In the transcript, the arrow keys move between words and Enter plays from the focused
            word.
          </p>
          <Popover.Arrow className="fill-surface" />
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
