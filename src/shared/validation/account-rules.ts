/**
 * The spec's account-level rules, shared by the server (which enforces them on every password set)
 * and the forms (which show the same messages). Decision 007: the maximum is 127 characters, the
 * reading of "less than 128".
 */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 127;
/** The sign-up and reset forms' own minimum (spec: "input minimum length 6"). */
export const FORM_PASSWORD_MIN_LENGTH = 6;
export const EMAIL_MAX_LENGTH = 254;
export const FULL_NAME_MAX_LENGTH = 255;

export const passwordMessages = {
  tooShort: 'Password must be at least 8 characters long',
  uppercase: 'Password must contain at least one uppercase letter',
  lowercase: 'Password must contain at least one lowercase letter',
  number: 'Password must contain at least one number',
  tooLong: 'Password must be less than 128 characters',
} as const;

/** Every rule the password breaks, in the spec's order; empty when it is strong enough. */
export function passwordProblems(password: string): string[] {
  const problems: string[] = [];
  if (password.length < PASSWORD_MIN_LENGTH) problems.push(passwordMessages.tooShort);
  if (!/[A-Z]/.test(password)) problems.push(passwordMessages.uppercase);
  if (!/[a-z]/.test(password)) problems.push(passwordMessages.lowercase);
  if (!/[0-9]/.test(password)) problems.push(passwordMessages.number);
  if (password.length > PASSWORD_MAX_LENGTH) problems.push(passwordMessages.tooLong);
  return problems;
}

// Deliberately simple: one @, no spaces, a dot in the domain. Real validation is the email sent.
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function isValidEmail(email: string): boolean {
  return email.length <= EMAIL_MAX_LENGTH && EMAIL_PATTERN.test(email);
}
