import { useState, type FormEvent } from 'react';
import { AlertDialog } from 'radix-ui';
import { Button } from '#client/components/ui/button';
import { FormAlert } from '#client/components/ui/form-alert';
import { TextField } from '#client/components/ui/input';
import { isApiError } from '#client/lib/api-client';
import { toast } from '#client/lib/toast';
import { useDeleteAccount } from '../api/delete-account';

export interface DeleteAccountSectionProps {
  /** The account is gone: sign out locally and leave the page. */
  onDeleted: () => Promise<void>;
}

/** Deleting the account asks for confirmation and the password (issue 3). */
export function DeleteAccountSection({ onDeleted }: DeleteAccountSectionProps) {
  const [open, setOpen] = useState(false);
  const [password, setPassword] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const remove = useDeleteAccount();

  function onOpenChange(next: boolean) {
    if (remove.isPending) return;
    setOpen(next);
    if (!next) {
      setPassword('');
      setProblem(null);
    }
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (password === '') {
      setProblem('Please enter your password');
      return;
    }
    setProblem(null);
    remove.mutate(password, {
      onSuccess: async () => {
        toast.success('Account deleted', {
          description: 'Your account and its data have been deleted.',
        });
        setOpen(false);
        await onDeleted();
      },
      onError: (error) => {
        setProblem(
          isApiError(error) && error.code === 'INVALID_CREDENTIALS'
            ? 'The password is not correct.'
            : 'Failed to delete account. Please try again.',
        );
      },
    });
  }

  return (
    <div>
      <p className="text-ink-muted">
        Deleting your account removes your profile, listening progress, preferences, bookmarks and
        achievements. Payment records are kept without your personal data. This cannot be undone.
      </p>
      <AlertDialog.Root open={open} onOpenChange={onOpenChange}>
        <AlertDialog.Trigger asChild>
          <Button variant="secondary" className="mt-4 border-accent/50 text-accent-ink">
            Delete account
          </Button>
        </AlertDialog.Trigger>
        <AlertDialog.Portal>
          <AlertDialog.Overlay className="fixed inset-0 z-50 bg-ink/40 backdrop-blur-[2px]" />
          <AlertDialog.Content className="fixed top-1/2 left-1/2 z-50 w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-2xl border border-line bg-surface p-6 shadow-xl">
            <AlertDialog.Title className="font-serif text-xl font-semibold text-ink">
              Delete your account?
            </AlertDialog.Title>
            <AlertDialog.Description className="mt-2 text-ink-muted">
              Your profile, progress, preferences, bookmarks and achievements will be deleted for
              good. Enter your password to confirm.
            </AlertDialog.Description>
            <form noValidate onSubmit={onSubmit} className="mt-5 space-y-4">
              <TextField
                label="Password"
                name="password"
                type="password"
                autoComplete="current-password"
                value={password}
                onChange={(event) => setPassword(event.target.value)}
                required
              />
              {problem ? <FormAlert message={problem} /> : null}
              <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
                <AlertDialog.Cancel asChild>
                  <Button variant="secondary" disabled={remove.isPending}>
                    Cancel
                  </Button>
                </AlertDialog.Cancel>
                <Button type="submit" disabled={remove.isPending} aria-busy={remove.isPending}>
                  {remove.isPending ? 'Deleting...' : 'Delete Account'}
                </Button>
              </div>
            </form>
          </AlertDialog.Content>
        </AlertDialog.Portal>
      </AlertDialog.Root>
    </div>
  );
}
