import { useState, type FormEvent } from 'react';
import { MailCheck } from 'lucide-react';
import { Link } from 'react-router';
import { FORM_PASSWORD_MIN_LENGTH } from '#shared/validation/account-rules';
import { Button, buttonClassName } from '#client/components/ui/button';
import { FormAlert } from '#client/components/ui/form-alert';
import { TextField } from '#client/components/ui/input';
import { isApiError } from '#client/lib/api-client';
import { toast } from '#client/lib/toast';
import { useAuth } from '#client/lib/auth/auth-context';
import { isRefusal } from '../auth-errors';
import { validateSignUp, type FormProblem } from '../validation';
import { AuthCard, authLinkClassName } from './auth-card';

/** Sign-up form, then the 'Check Your Email!' screen (spec: idle, submitting, email sent). */
export function SignUp() {
  const { status, signUp } = useAuth();
  const [fullName, setFullName] = useState('');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [problem, setProblem] = useState<FormProblem | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const [sentTo, setSentTo] = useState<string | null>(null);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const refused = validateSignUp(
      { fullName, email, password },
      { authLoading: status === 'loading' },
    );
    setProblem(refused);
    if (refused) return;
    setSubmitting(true);
    try {
      const result = await signUp({ fullName: fullName.trim(), email: email.trim(), password });
      setPassword('');
      setSentTo(result.email || email.trim());
    } catch (error) {
      if (isRefusal(error)) {
        toast.error('Sign up failed', { description: error.message || 'Failed to create account' });
      } else if (isApiError(error)) {
        toast.error('Sign up failed', {
          description: 'An unexpected error occurred. Please try again.',
        });
      } else {
        toast.error('Error', { description: 'An unexpected error occurred during sign up.' });
      }
    } finally {
      setSubmitting(false);
    }
  }

  if (sentTo !== null) {
    return (
      <AuthCard
        title="Check Your Email!"
        icon={<MailCheck aria-hidden="true" className="size-12 text-accent-ink" />}
        description={
          <>
            We sent a confirmation link to <strong className="text-ink">{sentTo}</strong>. Open it
            to activate your account, then sign in.
          </>
        }
      >
        <p className="text-sm text-ink-muted">
          No email after a few minutes? Check your spam folder, or go back and check the address.
        </p>
        <div className="mt-6 flex flex-col gap-3">
          <Link to="/auth" className={buttonClassName()}>
            Continue to Sign In
          </Link>
          <button
            type="button"
            className={buttonClassName({ variant: 'secondary' })}
            onClick={() => setSentTo(null)}
          >
            Change Email Address
          </button>
        </div>
      </AuthCard>
    );
  }

  return (
    <AuthCard
      title="Sign Up"
      description="Create a free account to unlock every story, save your progress and track what you learn."
      footer={
        <>
          Already have an account?{' '}
          <Link to="/auth" className={authLinkClassName}>
            Sign in
          </Link>
        </>
      }
    >
      <form noValidate onSubmit={(event) => void onSubmit(event)} className="space-y-5">
        <TextField
          label="Full Name"
          name="fullName"
          autoComplete="name"
          value={fullName}
          onChange={(event) => setFullName(event.target.value)}
          maxLength={255}
          required
        />
        <TextField
          label="Email"
          name="email"
          type="email"
          autoComplete="email"
          inputMode="email"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          maxLength={254}
          required
        />
        <TextField
          label="Password"
          name="password"
          type="password"
          autoComplete="new-password"
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          minLength={FORM_PASSWORD_MIN_LENGTH}
          required
          hint="At least 8 characters, with an uppercase letter, a lowercase letter and a number."
        />
        {problem ? <FormAlert {...problem} /> : null}
        <Button type="submit" className="w-full" disabled={submitting} aria-busy={submitting}>
          {submitting ? 'Creating Account...' : 'Create Account'}
        </Button>
      </form>
    </AuthCard>
  );
}
