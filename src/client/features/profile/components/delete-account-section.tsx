import { useState } from 'react';
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
      <p className="text-ink-muted">
        Deleting your account removes your profile, listening progress, preferences, bookmarks and
        achievements. Payment records are kept without your personal data. This cannot be undone.
      </p>
      <ConfirmDialog
        open={open}
        onOpenChange={onOpenChange}
        trigger={
          <Button variant="secondary" className="mt-4 border-accent/50 text-accent-ink">
            Delete account
          </Button>
        }
        title="Delete your account?"
        description="Your profile, progress, preferences, bookmarks and achievements will be deleted for good. Enter your password to confirm."
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
