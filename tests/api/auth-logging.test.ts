import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { STRONG_PASSWORD } from './helpers/accounts.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe("better-auth's own log lines", () => {
  it('go through the app logger (JSON lines), never straight to the console', async () => {
    const consoleWrites = [
      vi.spyOn(console, 'error'),
      vi.spyOn(console, 'warn'),
      vi.spyOn(console, 'log'),
    ];
    const appErrors = vi.spyOn(t.app.log, 'error');
    // Sign-ups of one address at once: all but one fail inside better-auth on the unique e-mail,
    // which better-auth logs as an error.
    const payload = { email: 'twice@logging.test', password: STRONG_PASSWORD, fullName: 'Ana' };
    const answers = await Promise.all(
      [1, 2, 3].map(() => t.app.inject({ method: 'POST', url: '/api/auth/sign-up', payload })),
    );
    expect(answers.map((answer) => answer.statusCode)).toContain(201);
    expect(answers.some((answer) => answer.statusCode !== 201)).toBe(true);
    for (const spy of consoleWrites) expect(spy).not.toHaveBeenCalled();
    expect(appErrors).toHaveBeenCalledWith(
      expect.anything(),
      expect.stringMatching(/^better-auth: /),
    );
  });
});
