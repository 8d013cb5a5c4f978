import { describe, expect, it } from 'vitest';
import {
  validateForgotPassword,
  validateResetPassword,
  validateSignIn,
  validateSignUp,
} from './validation';

describe('sign-in form', () => {
  it.each([
    ['', 'Secreto123'],
    ['ana@example.com', ''],
    ['   ', 'x'],
  ])('asks for every field (%j, %j)', (email, password) => {
    expect(validateSignIn({ email, password })).toEqual({ message: 'Please fill in all fields' });
  });

  it('accepts an email and a password', () => {
    expect(validateSignIn({ email: 'ana@example.com', password: 'x' })).toBeNull();
  });
});

describe('sign-up form', () => {
  const filled = { fullName: 'Ana', email: 'ana@example.com', password: 'Secreto123' };
  const ready = { authLoading: false };

  it.each([
    { ...filled, fullName: ' ' },
    { ...filled, email: '' },
    { ...filled, password: '' },
  ])('asks for every field (%j)', (input) => {
    expect(validateSignUp(input, ready)).toEqual({ message: 'Please fill in all fields' });
  });

  it('refuses a password under the form minimum of 6', () => {
    expect(validateSignUp({ ...filled, password: 'Ab1cd' }, ready)).toEqual({
      message: 'Password must be at least 6 characters long',
    });
    // Six characters pass the form; the server's strength rules answer with their own message.
    expect(validateSignUp({ ...filled, password: 'abcdef' }, ready)).toBeNull();
  });

  it('asks to wait while the application loads', () => {
    expect(validateSignUp(filled, { authLoading: true })).toEqual({
      message: 'Please wait while the application loads',
    });
  });

  it('accepts a complete form', () => {
    expect(validateSignUp(filled, ready)).toBeNull();
  });
});

describe('forgot-password form', () => {
  it('asks for the address', () => {
    expect(validateForgotPassword('  ')).toEqual({ message: 'Please enter your email address' });
  });

  it.each(['ana', 'ana@example', 'a b@example.com'])('refuses %s', (email) => {
    expect(validateForgotPassword(email)).toEqual({
      message: 'Please enter a valid email address',
    });
  });

  it('accepts a well-formed address, surrounding spaces ignored', () => {
    expect(validateForgotPassword(' ana@example.com ')).toBeNull();
  });
});

describe('reset-password form', () => {
  it('asks for both fields', () => {
    expect(validateResetPassword({ password: 'Secreto123', confirmation: '   ' })).toEqual({
      ok: false,
      problem: { message: 'Please fill in all fields' },
    });
  });

  it("lists the strength rules broken under 'Password Requirements Not Met'", () => {
    expect(validateResetPassword({ password: 'secret', confirmation: 'secret' })).toEqual({
      ok: false,
      problem: {
        title: 'Password Requirements Not Met',
        message:
          'Password must be at least 8 characters long. Password must contain at least one uppercase letter. Password must contain at least one number',
        items: [
          'Password must be at least 8 characters long',
          'Password must contain at least one uppercase letter',
          'Password must contain at least one number',
        ],
      },
    });
  });

  it('refuses a confirmation that does not match', () => {
    expect(validateResetPassword({ password: 'Secreto123', confirmation: 'Secreto124' })).toEqual({
      ok: false,
      problem: { message: 'Passwords do not match' },
    });
  });

  it('trims both fields and returns the password to send', () => {
    expect(
      validateResetPassword({ password: ' Secreto123 ', confirmation: 'Secreto123  ' }),
    ).toEqual({ ok: true, password: 'Secreto123' });
  });
});
