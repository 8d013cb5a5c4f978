import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { messages } from '#shared/messages';
import { Button } from '#client/components/ui/button';
import { Field } from '#client/components/ui/field';
import { FormAlert } from '#client/components/ui/form-alert';
import { Checkbox, Input } from '#client/components/ui/input';
import { useAuth } from '#client/lib/auth/auth-context';
import { setPendingConfirmationEmail } from '#client/lib/auth/auth-storage';
import { useSchemaForm } from '#client/lib/forms/use-schema-form';
import { toast } from '#client/lib/toast';
import { isRefusal } from '../auth-errors';
import { authProblem, signInChecks, signInFormSchema, type FormProblem } from '../auth-forms';
import { useReturnPath } from '../hooks/use-return-path';
import { authLinkClassName } from './auth-card';
import { EmailInput } from './auth-inputs';

export function SignInForm() {
  const { signIn } = useAuth();
  const navigate = useNavigate();
  const returnPath = useReturnPath();
  const [problem, setProblem] = useState<FormProblem | null>(null);
  // Stays set after success: the page is left while its next page loads.
  const [submitting, setSubmitting] = useState(false);
  const { register, handleSubmit } = useSchemaForm(signInFormSchema, {
    defaultValues: { email: '', password: '', rememberMe: false },
    shouldFocusError: false,
  });

  const onSubmit = handleSubmit(
    async (credentials) => {
      setProblem(null);
      setSubmitting(true);
      try {
        await signIn(credentials);
        toast.success('Welcome back!', { description: 'You have successfully signed in.' });
        void navigate(returnPath, { replace: true });
      } catch (error) {
        setSubmitting(false);
        if (isRefusal(error)) {
          // An unconfirmed account (the server mails a new link and says so): remember the
          // address so /email-confirmation can send another one if this link expires too.
          if (error.code === 'EMAIL_NOT_VERIFIED') setPendingConfirmationEmail(credentials.email);
          toast.error('Sign in failed', {
            description: error.message || messages.auth.invalidCredentials,
          });
        } else {
          toast.error('Error', { description: 'An unexpected error occurred during sign in.' });
        }
      }
    },
    (errors) => setProblem(authProblem(errors, signInChecks)),
  );

  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} className="space-y-5">
      <Field label="Email">
        <EmailInput {...register('email')} />
      </Field>
      <Field
        label="Password"
        labelAside={
          <Link to="/forgot-password" className={`${authLinkClassName} text-sm`}>
            Forgot your password?
          </Link>
        }
      >
        <Input type="password" autoComplete="current-password" required {...register('password')} />
      </Field>
      <Field label="Remember me" layout="inline">
        <Checkbox {...register('rememberMe')} />
      </Field>
      {problem ? <FormAlert {...problem} /> : null}
      <Button type="submit" className="w-full" disabled={submitting} aria-busy={submitting}>
        {submitting ? 'Signing in...' : 'Sign In'}
      </Button>
    </form>
  );
}
