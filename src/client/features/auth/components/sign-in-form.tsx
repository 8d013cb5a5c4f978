import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { Button } from '#client/components/ui/button';
import { FormAlert } from '#client/components/ui/form-alert';
import { CheckboxField, TextField } from '#client/components/ui/input';
import { toast } from '#client/lib/toast';
import { useAuth } from '#client/lib/auth/auth-context';
import { setPendingConfirmationEmail } from '#client/lib/auth/auth-storage';
import { isRefusal } from '../auth-errors';
import { validateSignIn, type FormProblem } from '../validation';
import { authLinkClassName } from './auth-card';

export function SignInForm() {
  const { signIn } = useAuth();
  const navigate = useNavigate();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [rememberMe, setRememberMe] = useState(false);
  const [problem, setProblem] = useState<FormProblem | null>(null);
  const [submitting, setSubmitting] = useState(false);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const refused = validateSignIn({ email, password });
    setProblem(refused);
    if (refused) return;
    setSubmitting(true);
    try {
      await signIn({ email: email.trim(), password, rememberMe });
      toast.success('Welcome back!', { description: 'You have successfully signed in.' });
      void navigate('/', { replace: true });
    } catch (error) {
      setSubmitting(false);
      if (isRefusal(error)) {
        // An unconfirmed account (the server mails a new link and says so): remember the address
        // so /email-confirmation can send another one if this link expires too.
        if (error.code === 'EMAIL_NOT_VERIFIED') setPendingConfirmationEmail(email.trim());
        toast.error('Sign in failed', {
          description: error.message || 'Invalid email or password',
        });
      } else {
        toast.error('Error', { description: 'An unexpected error occurred during sign in.' });
      }
    }
  }

  return (
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
      <TextField
        label="Password"
        name="password"
        type="password"
        autoComplete="current-password"
        value={password}
        onChange={(event) => setPassword(event.target.value)}
        required
        labelAside={
          <Link to="/forgot-password" className={`${authLinkClassName} text-sm`}>
            Forgot your password?
          </Link>
        }
      />
      <CheckboxField
        label="Remember me"
        name="rememberMe"
        checked={rememberMe}
        onChange={(event) => setRememberMe(event.target.checked)}
      />
      {problem ? <FormAlert {...problem} /> : null}
      <Button type="submit" className="w-full" disabled={submitting} aria-busy={submitting}>
        {submitting ? 'Signing in...' : 'Sign In'}
      </Button>
    </form>
  );
}
