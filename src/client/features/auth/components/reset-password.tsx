import { useCallback, useEffect, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { messages } from '#shared/messages';
import { Button } from '#client/components/ui/button';
import { Field } from '#client/components/ui/field';
import { FormAlert } from '#client/components/ui/form-alert';
import { Spinner } from '#client/components/ui/spinner';
import { useSchemaForm } from '#client/lib/forms/use-schema-form';
import { toast } from '#client/lib/toast';
import { useAuth } from '#client/lib/auth/auth-context';
import { checkResetToken, resetPassword } from '../api/password-reset';
import { isRefusal, problemsOf } from '../auth-errors';
import {
  authFormMessages,
  passwordRequirementsProblem,
  resetPasswordFormSchema,
  resetPasswordProblem,
  type FormProblem,
} from '../auth-forms';
import { AuthCard } from './auth-card';
import { NewPasswordInput, newPasswordHint } from './auth-inputs';

/**
 * /reset-password?token=…: the link's token is checked first; a missing, invalid or used one is
 * 'Invalid Reset Link' and /auth. Then a new password and its confirmation.
 */
export function ResetPassword() {
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() || null;
  const navigate = useNavigate();
  const { notifyPasswordRecovery, refresh } = useAuth();
  const [linkChecked, setLinkChecked] = useState(false);
  const [problem, setProblem] = useState<FormProblem | null>(null);
  // Stays set after success: the page is left while its next page loads.
  const [submitting, setSubmitting] = useState(false);
  const { register, handleSubmit, getValues } = useSchemaForm(resetPasswordFormSchema, {
    defaultValues: { newPassword: '', confirmPassword: '' },
    shouldFocusError: false,
  });

  // Once only, even when both the check and the submit find the link unusable.
  const rejectedRef = useRef(false);
  const rejectLink = useCallback(() => {
    if (rejectedRef.current) return;
    rejectedRef.current = true;
    toast.error(messages.auth.invalidResetLink, {
      description: 'This link is invalid or has already been used. Please request a new one.',
    });
    void navigate('/auth', { replace: true });
  }, [navigate]);

  useEffect(() => {
    if (token === null) {
      rejectLink();
      return;
    }
    const controller = new AbortController();
    checkResetToken(token, controller.signal).then(
      ({ valid }) => {
        if (!valid) return rejectLink();
        notifyPasswordRecovery();
        setLinkChecked(true);
      },
      () => {
        // The check itself failed (network): show the form; the reset will tell.
        if (!controller.signal.aborted) setLinkChecked(true);
      },
    );
    return () => controller.abort();
  }, [token, rejectLink, notifyPasswordRecovery]);

  const onSubmit = handleSubmit(
    async ({ newPassword }) => {
      if (token === null) return;
      setProblem(null);
      setSubmitting(true);
      try {
        await resetPassword(token, newPassword);
        toast.success('Success', {
          description: 'Your password has been updated. Please sign in with your new password.',
        });
        // A reset ends the account's sessions: let the auth state catch up.
        void refresh();
        void navigate('/auth', { replace: true });
      } catch (error) {
        setSubmitting(false);
        if (
          isRefusal(error) &&
          (error.code === 'TOKEN_INVALID' || error.code === 'TOKEN_EXPIRED')
        ) {
          rejectLink();
        } else if (isRefusal(error) && problemsOf(error).length > 0) {
          const refused = passwordRequirementsProblem(problemsOf(error));
          toast.error(authFormMessages.passwordRequirementsTitle, {
            description: refused.message,
          });
        } else {
          toast.error('Failed to reset password', {
            description: isRefusal(error) ? error.message : 'Please try again in a moment.',
          });
        }
      }
    },
    (errors) => setProblem(resetPasswordProblem(errors, getValues('newPassword'))),
  );

  return (
    <AuthCard title="Reset Password" description="Choose a new password for your account.">
      {!linkChecked ? (
        <Spinner label="Checking your reset link..." className="py-6" />
      ) : (
        <form noValidate onSubmit={(event) => void onSubmit(event)} className="space-y-5">
          <Field label="New Password" hint={newPasswordHint}>
            <NewPasswordInput {...register('newPassword')} />
          </Field>
          <Field label="Confirm Password">
            <NewPasswordInput {...register('confirmPassword')} />
          </Field>
          {problem ? <FormAlert {...problem} /> : null}
          <Button type="submit" className="w-full" disabled={submitting} aria-busy={submitting}>
            {submitting ? 'Updating Password...' : 'Update Password'}
          </Button>
        </form>
      )}
    </AuthCard>
  );
}
