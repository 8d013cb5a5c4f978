import { describe, expect, it } from 'vitest';
import { passwordMessages, passwordProblems } from '#shared/validation/account-rules';
import { resolveForm } from '#client/test/resolve-form';
import {
  authProblem,
  forgotPasswordChecks,
  forgotPasswordFormSchema,
  resetPasswordFormSchema,
  resetPasswordProblem,
  signInChecks,
  signInFormSchema,
  signUpFormSchema,
  signUpProblem,
  signUpWording,
} from './auth-forms';

/** What each form shows when submitted with these values (null: it sends them). */
const signIn = async (input: { email: string; password: string }) =>
  authProblem(
    (await resolveForm(signInFormSchema, { ...input, rememberMe: false })).errors,
    signInChecks,
  );
const signUp = async (input: { fullName: string; email: string; password: string }) =>
  signUpProblem((await resolveForm(signUpFormSchema, input, signUpWording)).errors, input.password);
const forgotPassword = async (email: string) =>
  authProblem(
    (await resolveForm(forgotPasswordFormSchema, { email })).errors,
    forgotPasswordChecks,
  );
async function resetPassword(input: { password: string; confirmation: string }) {
  const values = { newPassword: input.password, confirmPassword: input.confirmation };
  const { errors, output } = await resolveForm(resetPasswordFormSchema, values);
  return { problem: resetPasswordProblem(errors, values.newPassword), sent: output?.newPassword };
}

describe('sign-in form', () => {
  it.each([
    ['', 'Secreto123'],
    ['ana@example.com', ''],
    ['   ', 'x'],
  ])('asks for every field (%j, %j)', async (email, password) => {
    expect(await signIn({ email, password })).toEqual({ message: 'Please fill in all fields' });
  });

  it('accepts an email and a password', async () => {
    expect(await signIn({ email: 'ana@example.com', password: 'x' })).toBeNull();
  });
});

describe('sign-up form', () => {
  const filled = { fullName: 'Ana', email: 'ana@example.com', password: 'Secreto123' };

  it.each([
    { ...filled, fullName: ' ' },
    { ...filled, email: '' },
    { ...filled, password: '' },
  ])('asks for every field (%j)', async (input) => {
    expect(await signUp(input)).toEqual({ message: 'Please fill in all fields' });
  });

  // One rule (decision 007): the form refuses exactly what the server refuses, with its messages.
  it.each([
    ['Ab1cde', [passwordMessages.tooShort]],
    ['Ab1cdef', [passwordMessages.tooShort]],
    ['secreto123', [passwordMessages.uppercase]],
    ['SECRETO123', [passwordMessages.lowercase]],
    ['SecretoSecreto', [passwordMessages.number]],
    [`Aa1${'x'.repeat(125)}`, [passwordMessages.tooLong]],
  ])('refuses %s as the server does', async (password, problems) => {
    expect(await signUp({ ...filled, password })).toEqual({
      title: 'Password Requirements Not Met',
      message: problems.join('. '),
      items: problems,
    });
  });

  it('accepts 8 characters with an uppercase letter, a lowercase letter and a number', async () => {
    expect(await signUp({ ...filled, password: 'Secret12' })).toBeNull();
    expect(passwordProblems('Secret12')).toEqual([]);
  });

  it('accepts a complete form', async () => {
    expect(await signUp(filled)).toBeNull();
  });
});

describe('forgot-password form', () => {
  it('asks for the address', async () => {
    expect(await forgotPassword('  ')).toEqual({ message: 'Please enter your email address' });
  });

  it.each(['ana', 'ana@example', 'a b@example.com'])('refuses %s', async (email) => {
    expect(await forgotPassword(email)).toEqual({
      message: 'Please enter a valid email address',
    });
  });

  it('accepts a well-formed address, surrounding spaces ignored', async () => {
    expect(await forgotPassword(' ana@example.com ')).toBeNull();
  });
});

describe('reset-password form', () => {
  it('asks for both fields', async () => {
    expect(await resetPassword({ password: 'Secreto123', confirmation: '   ' })).toEqual({
      problem: { message: 'Please fill in all fields' },
      sent: undefined,
    });
  });

  it("lists the strength rules broken under 'Password Requirements Not Met'", async () => {
    expect((await resetPassword({ password: 'secret', confirmation: 'secret' })).problem).toEqual({
      title: 'Password Requirements Not Met',
      message:
        'Password must be at least 8 characters long. Password must contain at least one uppercase letter. Password must contain at least one number',
      items: [
        'Password must be at least 8 characters long',
        'Password must contain at least one uppercase letter',
        'Password must contain at least one number',
      ],
    });
  });

  it('refuses a confirmation that does not match', async () => {
    expect(
      (await resetPassword({ password: 'Secreto123', confirmation: 'Secreto124' })).problem,
    ).toEqual({ message: 'Passwords do not match' });
  });

  it('trims both fields and returns the password to send', async () => {
    expect(await resetPassword({ password: ' Secreto123 ', confirmation: 'Secreto123  ' })).toEqual(
      { problem: null, sent: 'Secreto123' },
    );
  });
});
