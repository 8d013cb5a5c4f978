import { useState, type FormEvent } from 'react';
import { MailCheck } from 'lucide-react';
import { Link } from 'react-router';
import { Button, buttonClassName } from '#client/components/ui/button';
import { FormAlert } from '#client/components/ui/form-alert';
import { TextField } from '#client/components/ui/input';
import { toast } from '#client/lib/toast';
import { requestPasswordReset } from '../api/password-reset';
import { isRefusal } from '../auth-errors';
import { validateForgotPassword, type FormProblem } from '../validation';
import { AuthCard, authLinkClassName } from './auth-card';

const backToSignIn = (
  <Link to="/auth" className={authLinkClassName}>
    Back to Sign In
  </Link>
);

/** The request form, then the 'Check Your Email' state until 'Try Different Email'. */
export function ForgotPassword() {
  const [email, setEmail] = useState('');
  const [problem, setProblem] = useState<FormProblem | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const [sentTo, setSentTo] = useState<string | null>(null);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const refused = validateForgotPassword(email);
    setProblem(refused);
    if (refused) return;
    const address = email.trim();
    setSubmitting(true);
    try {
      await requestPasswordReset(address);
      toast.success('Reset Link Sent', {
        description: 'If an account exists for this email, a reset link is on its way.',
      });
      setSentTo(address);
    } catch (error) {
      if (isRefusal(error) && error.code === 'RATE_LIMITED') {
        toast.error('Too Many Attempts', {
          description: 'Please wait before requesting another password reset',
        });
      } else {
        toast.error('Failed to send reset email', {
          description: isRefusal(error) ? error.message : 'Please try again in a moment.',
        });
      }
    } finally {
      setSubmitting(false);
    }
  }

  if (sentTo !== null) {
    return (
      <AuthCard
        title="Check Your Email"
        icon={<MailCheck aria-hidden="true" className="size-12 text-accent-ink" />}
        description={
          <>
            If an account exists for <strong className="text-ink">{sentTo}</strong>, we sent it a
            link to choose a new password. The link works once and expires after an hour.
          </>
        }
        footer={backToSignIn}
      >
        <button
          type="button"
          className={buttonClassName({ variant: 'secondary', className: 'w-full' })}
          onClick={() => setSentTo(null)}
        >
          Try Different Email
        </button>
      </AuthCard>
    );
  }

  return (
    <AuthCard
      title="Forgot Password"
      description="Enter your email address and we'll send you a link to reset your password."
      footer={backToSignIn}
    >
      <form noValidate onSubmit={(event) => void onSubmit(event)} className="space-y-5">
        <TextField
          label="Email"
          name="email"
          type="email"
          autoComplete="email"
          inputMode="email"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          required
        />
        {problem ? <FormAlert {...problem} /> : null}
        <Button type="submit" className="w-full" disabled={submitting} aria-busy={submitting}>
          {submitting ? 'Sending...' : 'Send Reset Link'}
        </Button>
      </form>
    </AuthCard>
  );
}
