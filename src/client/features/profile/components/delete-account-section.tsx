import { useState } from 'react';
import { removedWithAccount } from '#shared/account-data';
import { deleteAccountBodySchema } from '#shared/contracts/auth';
import { Button } from '#client/components/ui/button';
import { ConfirmDialog } from '#client/components/ui/confirm-dialog';
import { Field } from '#client/components/ui/field';
import { FormAlert } from '#client/components/ui/form-alert';
import { Input } from '#client/components/ui/input';
import { isApiError } from '#client/lib/api-client';
import { useSchemaForm } from '#client/lib/forms/use-schema-form';
import { toast } from '#client/lib/toast';
import { useDeleteAccount } from '../api/delete-account';

/** The contract's body, with the password this form asks for before sending anything. */
const deleteAccountFormSchema = deleteAccountBodySchema.extend({
  password: deleteAccountBodySchema.shape.password.min(1, 'Please enter your password'),
});

export interface DeleteAccountSectionProps {
  /** The account is gone: sign out locally and leave the page. */
  onDeleted: () => Promise<void>;
}

/** Deleting the account asks for confirmation and the password (issue 3). */
export function DeleteAccountSection({ onDeleted }: DeleteAccountSectionProps) {
  const [open, setOpen] = useState(false);
  const remove = useDeleteAccount();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useSchemaForm(deleteAccountFormSchema, {
    defaultValues: { password: '' },
    shouldFocusError: false,
  });
  const problem = errors.password?.message ?? errors.root?.refusal?.message;

  function onOpenChange(next: boolean) {
    if (remove.isPending) return;
    setOpen(next);
    if (!next) reset();
  }

  const deleteAccount = handleSubmit(({ password }) =>
    remove.mutate(password, {
      onSuccess: async () => {
        toast.success('Account deleted', {
          description: 'Your account and its data have been deleted.',
        });
        setOpen(false);
        await onDeleted();
      },
      onError: (error) => {
        setError('root.refusal', {
          message:
            isApiError(error) && error.code === 'INVALID_CREDENTIALS'
              ? 'The password is not correct.'
              : 'Failed to delete account. Please try again.',
        });
      },
    }),
  );

  function submit() {
    if (remove.isPending) return;
    void deleteAccount();
  }

  return (
    <div>
      <div className="space-y-3 text-ink-muted">
        <p>Deleting your account removes from our server, for good:</p>
        <ul className="list-disc space-y-1 pl-5">
          {Object.values(removedWithAccount).map((text) => (
            <li key={text}>{text}</li>
          ))}
        </ul>
        <p>
          On this device, the app also removes what it keeps of your account: the chapters
          downloaded with it, the pages and answers you saw and the changes not sent yet. We keep
          payment records and the security log without a link to your account, and the messages you
          sent us through the contact form (
          {/* A full page load: the policy opens at that section. */}
          <a href="/privacy#privacy-deletion" className="font-medium text-accent-ink underline">
            what we keep
          </a>
          ). This cannot be undone.
        </p>
      </div>
      <ConfirmDialog
        open={open}
        onOpenChange={onOpenChange}
        trigger={
          <Button variant="secondary" className="mt-4 border-accent/50 text-accent-ink">
            Delete account
          </Button>
        }
        title="Delete your account?"
        description="Your account, progress, listening sessions, bookmarks, saved words, review history and achievements will be deleted for good, and your downloads removed from this device. Enter your password to confirm."
        confirmLabel="Delete Account"
        busyLabel="Deleting..."
        busy={remove.isPending}
        onConfirm={submit}
      >
        {/* Enter in the password field submits too (the form's only field). */}
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            submit();
          }}
          className="mt-5 space-y-4"
        >
          <Field label="Password">
            <Input
              type="password"
              autoComplete="current-password"
              required
              {...register('password')}
            />
          </Field>
          {problem ? <FormAlert message={problem} /> : null}
        </form>
      </ConfirmDialog>
    </div>
  );
}
