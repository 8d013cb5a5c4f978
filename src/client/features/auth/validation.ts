import {
  FORM_PASSWORD_MIN_LENGTH,
  isValidEmail,
  passwordProblems,
} from '#shared/validation/account-rules';

/** The auth forms' own messages (spec, sections 5 and 8). */
export const authFormMessages = {
  fillAllFields: 'Please fill in all fields',
  formPasswordTooShort: `Password must be at least ${FORM_PASSWORD_MIN_LENGTH} characters long`,
  appLoading: 'Please wait while the application loads',
  emailRequired: 'Please enter your email address',
  emailInvalid: 'Please enter a valid email address',
  passwordsDoNotMatch: 'Passwords do not match',
  passwordRequirementsTitle: 'Password Requirements Not Met',
} as const;

/** What a form shows above its button when its input is refused. */
export interface FormProblem {
  title?: string;
  message: string;
  /** Listed under the message (the password rules broken). */
  items?: string[];
}

const blank = (value: string) => value.trim() === '';

export function validateSignIn(input: { email: string; password: string }): FormProblem | null {
  if (blank(input.email) || input.password === '') {
    return { message: authFormMessages.fillAllFields };
  }
  return null;
}

export function validateSignUp(
  input: { fullName: string; email: string; password: string },
  { authLoading }: { authLoading: boolean },
): FormProblem | null {
  if (authLoading) return { message: authFormMessages.appLoading };
  if (blank(input.fullName) || blank(input.email) || input.password === '') {
    return { message: authFormMessages.fillAllFields };
  }
  if (input.password.length < FORM_PASSWORD_MIN_LENGTH) {
    return { message: authFormMessages.formPasswordTooShort };
  }
  return null;
}

export function validateForgotPassword(email: string): FormProblem | null {
  const trimmed = email.trim();
  if (trimmed === '') return { message: authFormMessages.emailRequired };
  if (!isValidEmail(trimmed)) return { message: authFormMessages.emailInvalid };
  return null;
}

export type ResetPasswordCheck =
  { ok: true; password: string } | { ok: false; problem: FormProblem };

/** Both fields required and trimmed; then the account's strength rules; then the match. */
export function validateResetPassword(input: {
  password: string;
  confirmation: string;
}): ResetPasswordCheck {
  const password = input.password.trim();
  const confirmation = input.confirmation.trim();
  if (password === '' || confirmation === '') {
    return { ok: false, problem: { message: authFormMessages.fillAllFields } };
  }
  const problems = passwordProblems(password);
  if (problems.length > 0) return { ok: false, problem: passwordRequirementsProblem(problems) };
  if (password !== confirmation) {
    return { ok: false, problem: { message: authFormMessages.passwordsDoNotMatch } };
  }
  return { ok: true, password };
}

/** 'Password Requirements Not Met' with the broken rules joined, and listed. */
export const passwordRequirementsProblem = (problems: string[]): FormProblem => ({
  title: authFormMessages.passwordRequirementsTitle,
  message: problems.join('. '),
  items: problems,
});
