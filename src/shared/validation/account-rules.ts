/**
 * The spec's account-level rules, shared by the server (which enforces them on every password set)
 * and the forms (which refuse the same passwords with the same messages before sending, and show
 * the hint below). Decision 007: one password rule, 8 to 127 characters ("less than 128").
 */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 127;
export const EMAIL_MAX_LENGTH = 254;
export const FULL_NAME_MAX_LENGTH = 255;

export const passwordMessages = {
  tooShort: `Password must be at least ${PASSWORD_MIN_LENGTH} characters long`,
  uppercase: 'Password must contain at least one uppercase letter',
  lowercase: 'Password must contain at least one lowercase letter',
  number: 'Password must contain at least one number',
  tooLong: 'Password must be less than 128 characters',
} as const;

/** What a new password needs, under the field that asks for one: the rules below, in words. */
export const passwordHint = `At least ${PASSWORD_MIN_LENGTH} characters, with an uppercase letter, a lowercase letter and a number.`;

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

/** The message a refused password gets (the server's error message; the forms' alert text). */
export const passwordProblemsMessage = (problems: readonly string[]) => problems.join('. ');

// Deliberately simple: one @, no spaces, a dot in the domain. Real validation is the email sent.
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function isValidEmail(email: string): boolean {
  return email.length <= EMAIL_MAX_LENGTH && EMAIL_PATTERN.test(email);
}
