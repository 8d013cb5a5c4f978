import { useState } from 'react';
import { MailCheck } from 'lucide-react';
import { Link } from 'react-router';
import { messages } from '#shared/messages';
import { Button, buttonClassName } from '#client/components/ui/button';
import { Field } from '#client/components/ui/field';
import { FormAlert } from '#client/components/ui/form-alert';
import { useSchemaForm } from '#client/lib/forms/use-schema-form';
import { toast } from '#client/lib/toast';
import { requestPasswordReset } from '../api/password-reset';
import { isRefusal } from '../auth-errors';
import {
  authProblem,
  forgotPasswordChecks,
  forgotPasswordFormSchema,
  type FormProblem,
} from '../auth-forms';
import { AuthCard, authLinkClassName } from './auth-card';
import { EmailInput } from './auth-inputs';

const backToSignIn = (
  <Link to="/auth" className={authLinkClassName}>
    Back to Sign In
  </Link>
);

/** The request form, then the 'Check Your Email' state until 'Try Different Email'. */
export function ForgotPassword() {
  const [problem, setProblem] = useState<FormProblem | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { isSubmitting },
  } = useSchemaForm(forgotPasswordFormSchema, {
    defaultValues: { email: '' },
    shouldFocusError: false,
  });

  const onSubmit = handleSubmit(
    async ({ email }) => {
      setProblem(null);
      try {
        await requestPasswordReset(email);
        toast.success('Reset Link Sent', {
          description: 'If an account exists for this email, a reset link is on its way.',
        });
        setSentTo(email);
      } catch (error) {
        if (isRefusal(error) && error.code === 'RATE_LIMITED') {
          toast.error('Too Many Attempts', {
            description: messages.auth.passwordResetRateLimited,
          });
        } else {
          toast.error('Failed to send reset email', {
            description: isRefusal(error) ? error.message : 'Please try again in a moment.',
          });
        }
      }
    },
    (errors) => setProblem(authProblem(errors, forgotPasswordChecks)),
  );

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
        <Field label="Email">
          <EmailInput {...register('email')} />
        </Field>
        {problem ? <FormAlert {...problem} /> : null}
        <Button type="submit" className="w-full" disabled={isSubmitting} aria-busy={isSubmitting}>
          {isSubmitting ? 'Sending...' : 'Send Reset Link'}
        </Button>
      </form>
    </AuthCard>
  );
}
