import type { FieldErrors, FieldValues } from 'react-hook-form';
import { z } from 'zod';
import {
  emailBodySchema,
  resetPasswordBodySchema,
  signInBodySchema,
  signUpBodySchema,
} from '#shared/contracts/auth';
import { messages } from '#shared/messages';
import {
  isValidEmail,
  passwordProblems,
  passwordProblemsMessage,
} from '#shared/validation/account-rules';
import { firstProblem } from '#client/lib/forms/form-problem';
import type { FormWording } from '#client/lib/forms/use-schema-form';

/**
 * The four auth forms' schemas: each is its contract's body (src/shared/contracts/auth.ts) with
 * what the form alone asks (spec, sections 5 and 8): every field filled, a well-formed address, a
 * confirmation that matches; and the account's password rule the server enforces (decision 007),
 * so that a new password the server would refuse is refused here, with its messages, unsent.
 */

/** The auth forms' own messages (the shared ones are in src/shared/messages.ts). */
export const authFormMessages = {
  appLoading: 'Please wait while the application loads',
  passwordRequirementsTitle: 'Password Requirements Not Met',
} as const;

/** What a form shows above its button when its input is refused. */
export interface FormProblem {
  title?: string;
  message: string;
  /** Listed under the message (the password rules broken). */
  items?: string[];
}

const { fillAllFields } = messages.form;

/** The first problem of a refused form, in the order its checks run (one alert at a time). */
export function authProblem<T extends FieldValues>(
  errors: FieldErrors<T>,
  checks: readonly string[],
): FormProblem | null {
  const problem = firstProblem(errors, checks);
  return problem && { message: problem.message };
}

export const signInFormSchema = signInBodySchema.extend({
  email: signInBodySchema.shape.email.min(1, fillAllFields),
  password: signInBodySchema.shape.password.min(1, fillAllFields),
});
export const signInChecks = [fillAllFields];

/** A new password, filled, that the server's strength rules accept (the rules: see the problem). */
const newPasswordSchema = (password: z.ZodString) =>
  password.min(1, fillAllFields).superRefine((value, context) => {
    if (value !== '' && passwordProblems(value).length > 0) {
      context.addIssue({ code: 'custom', message: authFormMessages.passwordRequirementsTitle });
    }
  });

export const signUpFormSchema = signUpBodySchema.extend({
  email: signUpBodySchema.shape.email.min(1, fillAllFields),
  password: newPasswordSchema(signUpBodySchema.shape.password),
});
/** The contract's unworded check here is the full name's minimum: a blank field. */
export const signUpWording: FormWording = (issue) =>
  issue.code === 'too_small' ? fillAllFields : undefined;
export const signUpChecks = [fillAllFields, authFormMessages.passwordRequirementsTitle];

/** The sign-up form's problem: the strength rules broken are listed under their title. */
export function signUpProblem(
  errors: FieldErrors<z.input<typeof signUpFormSchema>>,
  password: string,
): FormProblem | null {
  const problem = authProblem(errors, signUpChecks);
  if (problem?.message !== authFormMessages.passwordRequirementsTitle) return problem;
  return passwordRequirementsProblem(passwordProblems(password));
}

export const forgotPasswordFormSchema = emailBodySchema.extend({
  email: emailBodySchema.shape.email
    .min(1, messages.form.emailRequired)
    .refine(isValidEmail, messages.form.emailInvalid),
});
export const forgotPasswordChecks = [messages.form.emailRequired, messages.form.emailInvalid];

/**
 * The contract's body without the link's token: the new password (trimmed, as the spec's form
 * sends it), plus its confirmation, a field of the form alone. Both filled, then the account's
 * strength rules, then the match.
 */
export const resetPasswordFormSchema = resetPasswordBodySchema
  .omit({ token: true })
  .extend({
    newPassword: resetPasswordBodySchema.shape.newPassword.trim().min(1, fillAllFields),
    confirmPassword: z.string().trim().min(1, fillAllFields),
  })
  .superRefine(({ newPassword, confirmPassword }, context) => {
    if (newPassword === '' || confirmPassword === '') return;
    if (passwordProblems(newPassword).length > 0) {
      context.addIssue({
        code: 'custom',
        path: ['newPassword'],
        message: authFormMessages.passwordRequirementsTitle,
      });
    } else if (newPassword !== confirmPassword) {
      context.addIssue({
        code: 'custom',
        path: ['confirmPassword'],
        message: messages.form.passwordsDoNotMatch,
      });
    }
  });
export const resetPasswordChecks = [
  fillAllFields,
  authFormMessages.passwordRequirementsTitle,
  messages.form.passwordsDoNotMatch,
];

/** The reset form's problem: the strength rules broken are listed under their title. */
export function resetPasswordProblem(
  errors: FieldErrors<z.input<typeof resetPasswordFormSchema>>,
  newPassword: string,
): FormProblem | null {
  const problem = authProblem(errors, resetPasswordChecks);
  if (problem?.message !== authFormMessages.passwordRequirementsTitle) return problem;
  return passwordRequirementsProblem(passwordProblems(newPassword.trim()));
}

/** 'Password Requirements Not Met' with the broken rules joined (the server's message), and listed. */
export const passwordRequirementsProblem = (problems: string[]): FormProblem => ({
  title: authFormMessages.passwordRequirementsTitle,
  message: passwordProblemsMessage(problems),
  items: problems,
});
