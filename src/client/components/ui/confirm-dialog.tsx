import type { ReactNode } from 'react';
import { AlertDialog } from 'radix-ui';
import { cn } from '#client/lib/cn';
import { buttonClassName, type ButtonStyleOptions } from './button';

export interface ConfirmDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description: ReactNode;
  /**
   * The confirming button's label, and its label while the action runs. Without one the dialog
   * only informs: its one button is the cancel button (name it with `cancelLabel`, e.g. 'Close').
   */
  confirmLabel?: string;
  busyLabel?: string;
  cancelLabel?: string;
  /** While true both buttons are disabled and the confirming one shows `busyLabel`. */
  busy?: boolean;
  /** The confirming button's look (destructive actions keep the primary colour). */
  confirmVariant?: ButtonStyleOptions['variant'];
  /**
   * Runs on confirm. The dialog stays open meanwhile (so a failure can be read next to it); the
   * caller closes it through `onOpenChange(false)` once the action has settled.
   */
  onConfirm: () => void;
  /** An element that opens the dialog (rendered through AlertDialog.Trigger asChild). */
  trigger?: ReactNode;
  /** Extra content under the description (a form field, a code block). */
  children?: ReactNode;
  /** `wide` for a dialog that lists things (a table of counts, links). */
  size?: 'normal' | 'wide';
}

/** A confirmation before an action that cannot be undone: titled, described, keyboard-safe. */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  description,
  confirmLabel,
  busyLabel,
  cancelLabel = 'Cancel',
  busy = false,
  confirmVariant,
  onConfirm,
  trigger,
  children,
  size = 'normal',
}: ConfirmDialogProps) {
  return (
    <AlertDialog.Root open={open} onOpenChange={onOpenChange}>
      {trigger ? <AlertDialog.Trigger asChild>{trigger}</AlertDialog.Trigger> : null}
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-50 bg-ink/40 backdrop-blur-[2px]" />
        {/* Taller than the screen (a long list on a phone), it scrolls within. */}
        <AlertDialog.Content
          className={cn(
            'fixed top-1/2 left-1/2 z-50 max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-2xl border border-line bg-surface p-6 shadow-xl focus:outline-none',
            size === 'wide' ? 'max-w-xl' : 'max-w-md',
          )}
        >
          <AlertDialog.Title className="text-lg font-semibold">{title}</AlertDialog.Title>
          <AlertDialog.Description className="mt-2 text-ink-muted">
            {description}
          </AlertDialog.Description>
          {children}
          <div className="mt-6 flex justify-end gap-3">
            <AlertDialog.Cancel
              className={buttonClassName({ variant: 'secondary', size: 'sm' })}
              disabled={busy}
            >
              {cancelLabel}
            </AlertDialog.Cancel>
            {confirmLabel === undefined ? null : (
              <AlertDialog.Action
                className={buttonClassName({ variant: confirmVariant, size: 'sm' })}
                disabled={busy}
                aria-busy={busy}
                onClick={(event) => {
                  event.preventDefault();
                  onConfirm();
                }}
              >
                {busy && busyLabel ? busyLabel : confirmLabel}
              </AlertDialog.Action>
            )}
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
