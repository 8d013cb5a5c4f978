// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ConfirmDialog, type ConfirmDialogProps } from './confirm-dialog';

afterEach(cleanup);

type Overrides = Partial<Omit<ConfirmDialogProps, 'open' | 'onOpenChange'>>;

/** The dialog with its open state owned here, as a caller would; every change is recorded. */
function Harness({
  onOpenChange,
  ...props
}: Overrides & { onOpenChange: (open: boolean) => void }) {
  const [open, setOpen] = useState(true);
  return (
    <ConfirmDialog
      title="Delete File"
      description="Are you sure? This cannot be undone."
      confirmLabel="Delete"
      busyLabel="Deleting..."
      onConfirm={() => {}}
      {...props}
      open={open}
      onOpenChange={(next) => {
        onOpenChange(next);
        setOpen(next);
      }}
    />
  );
}

function renderDialog(props: Overrides = {}) {
  const onOpenChange = vi.fn<(open: boolean) => void>();
  const user = userEvent.setup();
  render(<Harness onOpenChange={onOpenChange} {...props} />);
  return { onOpenChange, user };
}

describe('ConfirmDialog', () => {
  it('is an alert dialog named by its title and described by its description', () => {
    renderDialog();
    const dialog = screen.getByRole('alertdialog', { name: 'Delete File' });
    expect(dialog).toHaveAccessibleDescription('Are you sure? This cannot be undone.');
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeEnabled();
    expect(within(dialog).getByRole('button', { name: 'Delete' })).toBeEnabled();
  });

  it('closes through onOpenChange(false) on Cancel', async () => {
    const onConfirm = vi.fn();
    const { onOpenChange, user } = renderDialog({ onConfirm, cancelLabel: 'Keep it' });
    await user.click(screen.getByRole('button', { name: 'Keep it' }));
    expect(onOpenChange).toHaveBeenCalledExactlyOnceWith(false);
    expect(onConfirm).not.toHaveBeenCalled();
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });

  it('calls onConfirm once and stays open: the caller closes it once the action settled', async () => {
    const onConfirm = vi.fn();
    const { onOpenChange, user } = renderDialog({ onConfirm });
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    expect(onConfirm).toHaveBeenCalledOnce();
    expect(onOpenChange).not.toHaveBeenCalled();
    expect(screen.getByRole('alertdialog', { name: 'Delete File' })).toBeVisible();
  });

  it('while busy disables its buttons and shows the busy label', async () => {
    const onConfirm = vi.fn();
    const { onOpenChange, user } = renderDialog({ onConfirm, busy: true });
    const dialog = screen.getByRole('alertdialog', { name: 'Delete File' });
    const confirm = within(dialog).getByRole('button', { name: 'Deleting...' });
    expect(confirm).toBeDisabled();
    expect(confirm).toHaveAttribute('aria-busy', 'true');
    expect(within(dialog).queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeDisabled();

    await user.click(confirm);
    expect(onConfirm).not.toHaveBeenCalled();
    expect(onOpenChange).not.toHaveBeenCalled();
  });

  it('keeps the confirm label while busy when there is no busy label', () => {
    renderDialog({ busy: true, busyLabel: undefined });
    expect(screen.getByRole('button', { name: 'Delete' })).toBeDisabled();
  });

  it('opens from its trigger and shows extra content under the description', async () => {
    const onOpenChange = vi.fn();
    const user = userEvent.setup();
    function WithTrigger() {
      const [open, setOpen] = useState(false);
      return (
        <ConfirmDialog
          open={open}
          onOpenChange={(next) => {
            onOpenChange(next);
            setOpen(next);
          }}
          trigger={<button type="button">Clear</button>}
          title="Clear the history?"
          description="Every record is removed."
          confirmLabel="Clear history"
          onConfirm={() => {}}
        >
          <p>Export it first.</p>
        </ConfirmDialog>
      );
    }
    render(<WithTrigger />);
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();

    const trigger = screen.getByRole('button', { name: 'Clear' });
    await user.click(trigger);
    const dialog = screen.getByRole('alertdialog', { name: 'Clear the history?' });
    expect(onOpenChange).toHaveBeenCalledWith(true);
    expect(within(dialog).getByText('Export it first.')).toBeVisible();

    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(trigger).toHaveFocus();
  });
});
