import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp } from './helpers/accounts.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('development mailbox', () => {
  it('lists stored messages to loopback clients, with clickable links', async () => {
    const { email } = await signUp(t);
    let messages: { to: string; text: string }[] = [];
    for (let i = 0; i < 50 && !messages.some((m) => m.to === email); i++) {
      messages = (await t.app.inject({ method: 'GET', url: '/dev/mailbox.json' })).json().messages;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(messages.find((m) => m.to === email)!.text).toContain('/email-confirmation?token=');
    const page = await t.app.inject({ method: 'GET', url: '/dev/mailbox' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<a href="http://localhost:3000/email-confirmation?token=');
  });

  it('is not answered to other addresses', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/dev/mailbox.json',
      remoteAddress: '203.0.113.9',
    });
    expect(res.statusCode).toBe(404);
  });

  it('is not answered to a remote client pretending with X-Forwarded-For', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/dev/mailbox',
      remoteAddress: '203.0.113.9',
      headers: { 'x-forwarded-for': '127.0.0.1' },
    });
    expect(res.statusCode).toBe(404);
  });
});
