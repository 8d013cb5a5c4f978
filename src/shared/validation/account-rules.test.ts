import { describe, expect, it } from 'vitest';
import { isValidEmail, passwordMessages, passwordProblems } from './account-rules.ts';

describe('passwordProblems', () => {
  it('accepts a strong password', () => {
    expect(passwordProblems('Secreto123')).toEqual([]);
  });

  it.each([
    ['Ab1', [passwordMessages.tooShort]],
    ['secreto123', [passwordMessages.uppercase]],
    ['SECRETO123', [passwordMessages.lowercase]],
    ['SecretoSecreto', [passwordMessages.number]],
    ['abc', [passwordMessages.tooShort, passwordMessages.uppercase, passwordMessages.number]],
  ])('lists what %s breaks', (password, expected) => {
    expect(passwordProblems(password)).toEqual(expected);
  });

  it('allows 127 characters and refuses 128', () => {
    const base = 'Aa1';
    expect(passwordProblems(base + 'x'.repeat(124))).toEqual([]);
    expect(passwordProblems(base + 'x'.repeat(125))).toEqual([passwordMessages.tooLong]);
  });
});

describe('isValidEmail', () => {
  it.each(['ana@example.com', 'a.b+c@sub.example.org'])('accepts %s', (email) => {
    expect(isValidEmail(email)).toBe(true);
  });

  it.each(['', 'ana', 'ana@', 'ana@example', 'a b@example.com', '@example.com'])(
    'refuses %s',
    (email) => {
      expect(isValidEmail(email)).toBe(false);
    },
  );

  it('refuses more than 254 characters', () => {
    expect(isValidEmail(`${'a'.repeat(243)}@example.com`)).toBe(false);
    expect(isValidEmail(`${'a'.repeat(242)}@example.com`)).toBe(true);
  });
});
