import { useState, type FormEvent } from 'react';
import { MailCheck } from 'lucide-react';
import { Link } from 'react-router';
import { withReturnPath } from '#shared/return-path';
import { EMAIL_MAX_LENGTH, FULL_NAME_MAX_LENGTH } from '#shared/validation/account-rules';
import { Button, buttonClassName } from '#client/components/ui/button';
import { Field } from '#client/components/ui/field';
import { FormAlert } from '#client/components/ui/form-alert';
import { Input } from '#client/components/ui/input';
import { isApiError } from '#client/lib/api-client';
import { useAuth } from '#client/lib/auth/auth-context';
import { setPendingReturnPath } from '#client/lib/auth/auth-storage';
import { useSchemaForm } from '#client/lib/forms/use-schema-form';
import { toast } from '#client/lib/toast';
import { isRefusal } from '../auth-errors';
import {
  authFormMessages,
  signUpFormSchema,
  signUpProblem,
  signUpWording,
  type FormProblem,
} from '../auth-forms';
import { useReturnPath } from '../hooks/use-return-path';
import { AuthCard, authLinkClassName } from './auth-card';
import { EmailInput, NewPasswordInput, newPasswordHint } from './auth-inputs';

/** Sign-up form, then the 'Check Your Email!' screen (spec: idle, submitting, email sent). */
export function SignUp() {
  const { status, signUp } = useAuth();
  // Where signing in (or the confirmation link, in this browser) brings the learner afterwards.
  const returnPath = useReturnPath();
  const signInPath = withReturnPath('/auth', returnPath);
  const [problem, setProblem] = useState<FormProblem | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    resetField,
    getValues,
    formState: { isSubmitting },
  } = useSchemaForm(signUpFormSchema, {
    defaultValues: { fullName: '', email: '', password: '' },
    wording: signUpWording,
    shouldFocusError: false,
  });

  const createAccount = handleSubmit(
    async (account) => {
      setProblem(null);
      try {
        const result = await signUp(account);
        resetField('password');
        setPendingReturnPath(returnPath);
        setSentTo(result.email || account.email);
      } catch (error) {
        if (isRefusal(error)) {
          toast.error('Sign up failed', {
            description: error.message || 'Failed to create account',
          });
        } else if (isApiError(error)) {
          toast.error('Sign up failed', {
            description: 'An unexpected error occurred. Please try again.',
          });
        } else {
          toast.error('Error', { description: 'An unexpected error occurred during sign up.' });
        }
      }
    },
    (errors) => setProblem(signUpProblem(errors, getValues('password'))),
  );

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    // The session is still being checked: nothing is checked or sent yet.
    if (status === 'loading') {
      event.preventDefault();
      setProblem({ message: authFormMessages.appLoading });
      return;
    }
    void createAccount(event);
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
          <Link to={signInPath} className={buttonClassName()}>
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
          <Link to={signInPath} className={authLinkClassName}>
            Sign in
          </Link>
        </>
      }
    >
      <form noValidate onSubmit={onSubmit} className="space-y-5">
        <Field label="Full Name">
          <Input
            autoComplete="name"
            maxLength={FULL_NAME_MAX_LENGTH}
            required
            {...register('fullName')}
          />
        </Field>
        <Field label="Email">
          <EmailInput maxLength={EMAIL_MAX_LENGTH} {...register('email')} />
        </Field>
        <Field label="Password" hint={newPasswordHint}>
          <NewPasswordInput {...register('password')} />
        </Field>
        {problem ? <FormAlert {...problem} /> : null}
        <Button type="submit" className="w-full" disabled={isSubmitting} aria-busy={isSubmitting}>
          {isSubmitting ? 'Creating Account...' : 'Create Account'}
        </Button>
      </form>
    </AuthCard>
  );
}
