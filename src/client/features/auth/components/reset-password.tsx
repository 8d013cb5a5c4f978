import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { FORM_PASSWORD_MIN_LENGTH } from '#shared/validation/account-rules';
import { Button } from '#client/components/ui/button';
import { FormAlert } from '#client/components/ui/form-alert';
import { TextField } from '#client/components/ui/input';
import { Spinner } from '#client/components/ui/spinner';
import { toast } from '#client/lib/toast';
import { useAuth } from '#client/lib/auth/auth-context';
import { checkResetToken, resetPassword } from '../api/password-reset';
import { isRefusal, problemsOf } from '../auth-errors';
import {
  authFormMessages,
  passwordRequirementsProblem,
  validateResetPassword,
  type FormProblem,
} from '../validation';
import { AuthCard } from './auth-card';

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
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [problem, setProblem] = useState<FormProblem | null>(null);
  const [submitting, setSubmitting] = useState(false);

  // Once only, even when both the check and the submit find the link unusable.
  const rejectedRef = useRef(false);
  const rejectLink = useCallback(() => {
    if (rejectedRef.current) return;
    rejectedRef.current = true;
    toast.error('Invalid Reset Link', {
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

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (token === null) return;
    const checked = validateResetPassword({ password, confirmation });
    setProblem(checked.ok ? null : checked.problem);
    if (!checked.ok) return;
    setSubmitting(true);
    try {
      await resetPassword(token, checked.password);
      toast.success('Success', {
        description: 'Your password has been updated. Please sign in with your new password.',
      });
      // A reset ends the account's sessions: let the auth state catch up.
      void refresh();
      void navigate('/auth', { replace: true });
    } catch (error) {
      setSubmitting(false);
      if (isRefusal(error) && (error.code === 'TOKEN_INVALID' || error.code === 'TOKEN_EXPIRED')) {
        rejectLink();
      } else if (isRefusal(error) && problemsOf(error).length > 0) {
        const refused = passwordRequirementsProblem(problemsOf(error));
        toast.error(authFormMessages.passwordRequirementsTitle, { description: refused.message });
      } else {
        toast.error('Failed to reset password', {
          description: isRefusal(error) ? error.message : 'Please try again in a moment.',
        });
      }
    }
  }

  return (
    <AuthCard title="Reset Password" description="Choose a new password for your account.">
      {!linkChecked ? (
        <Spinner label="Checking your reset link..." className="py-6" />
      ) : (
        <form noValidate onSubmit={(event) => void onSubmit(event)} className="space-y-5">
          <TextField
            label="New Password"
            name="newPassword"
            type="password"
            autoComplete="new-password"
            value={password}
            onChange={(event) => setPassword(event.target.value)}
            minLength={FORM_PASSWORD_MIN_LENGTH}
            required
            hint="At least 8 characters, with an uppercase letter, a lowercase letter and a number."
          />
          <TextField
            label="Confirm Password"
            name="confirmPassword"
            type="password"
            autoComplete="new-password"
            value={confirmation}
            onChange={(event) => setConfirmation(event.target.value)}
            minLength={FORM_PASSWORD_MIN_LENGTH}
            required
          />
          {problem ? <FormAlert {...problem} /> : null}
          <Button type="submit" className="w-full" disabled={submitting} aria-busy={submitting}>
            {submitting ? 'Updating Password...' : 'Update Password'}
          </Button>
        </form>
      )}
    </AuthCard>
  );
}
