import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp } from './helpers/accounts.ts';
import { capturedLog } from './helpers/captured-log.ts';
import { createTestApp, startSecondInstance, type TestApp } from './helpers/test-app.ts';

/** The address the start-up log gives: `development mailbox on (…): <address>`. */
function loggedAddress(entries: Record<string, unknown>[]): URL {
  const line = entries
    .map((entry) => String(entry.msg))
    .find((message) => message.startsWith('development mailbox '));
  const match = /^development mailbox on \(.+\): (http\S+)$/.exec(line ?? '');
  if (!match) throw new Error(`no mailbox address in the start-up log: ${line}`);
  return new URL(match[1]!);
}

const get = (app: TestApp, url: string, options: object = {}) =>
  app.app.inject({ method: 'GET', url, ...options });

/** What a request from this machine sends, the very request the old check let through. */
const LOOKS_LOCAL = { remoteAddress: '127.0.0.1', headers: { host: 'localhost:3000' } };

let t: TestApp;
let mailboxPath: string;
const log = capturedLog();
beforeAll(async () => {
  t = await createTestApp({}, {}, log.logger);
  mailboxPath = loggedAddress(log.entries).pathname;
});
afterAll(async () => {
  await t.close();
});

describe('the development mailbox of a development start (DEV_MAILBOX=auto)', () => {
  it('prints its address, a random token in it, in the start-up log', () => {
    const address = loggedAddress(log.entries);
    expect(address.origin).toBe(t.config.publicUrl);
    expect(address.pathname).toMatch(/^\/dev\/mailbox\/[A-Za-z0-9_-]{22}$/);
  });

  it('lists the kept messages at that address, with clickable links', async () => {
    const { email } = await signUp(t);
    let messages: { to: string; text: string }[] = [];
    await expect
      .poll(async () => {
        const res = await get(t, `${mailboxPath}.json`);
        expect(res.statusCode).toBe(200);
        messages = res.json().messages;
        return messages.some((message) => message.to === email);
      })
      .toBe(true);
    expect(messages.find((m) => m.to === email)!.text).toContain('/email-confirmation?token=');
    const page = await get(t, mailboxPath);
    expect(page.statusCode).toBe(200);
    expect(page.headers['cache-control']).toBe('no-store');
    expect(page.headers['referrer-policy']).toBe('no-referrer');
    expect(page.body).toContain('<a href="http://localhost:3000/email-confirmation?token=');
  });

  it('answers 404 to a request that looks local but lacks the token, or has another', async () => {
    const token = mailboxPath.split('/').at(-1)!;
    for (const url of [
      '/dev/mailbox',
      '/dev/mailbox.json',
      '/dev/mailbox/',
      `/dev/mailbox/${token.slice(0, -1)}`,
      `/dev/mailbox/${token.slice(0, -1)}.json`,
      `/dev/mailbox/${token}x.json`,
      `/dev/mailbox.json?token=${token}`,
    ]) {
      const res = await get(t, url, LOOKS_LOCAL);
      expect(res.statusCode, url).toBe(404);
      expect(res.body, url).not.toContain('/email-confirmation');
    }
  });

  it('answers with the token whatever the headers say about where the request came from', async () => {
    for (const options of [
      { remoteAddress: '203.0.113.9', headers: { host: 'relatos.example.com' } },
      { headers: { host: 'localhost', 'x-forwarded-for': '198.51.100.7', via: '1.1 caddy' } },
    ]) {
      expect((await get(t, `${mailboxPath}.json`, options)).statusCode).toBe(200);
    }
  });

  it('keeps its address across restarts and instances of the installation', async () => {
    const second = await startSecondInstance(t);
    try {
      expect(await second.app.context.services.devMailbox.token()).toBe(
        mailboxPath.split('/').at(-1),
      );
    } finally {
      await second.close();
    }
  });
});

/** The status line of a raw request over a real socket to a listening copy of the app. */
async function statusOverSocket(port: number, requestText: string): Promise<string> {
  const socket = net.connect(port, '127.0.0.1');
  // Written, not ended: the server closes the connection once it has answered.
  socket.write(requestText);
  let answer = '';
  for await (const chunk of socket) answer += String(chunk);
  return answer.split('\r\n')[0]!;
}

describe('through a plain proxy (a loopback socket, no proxy header)', () => {
  it('refuses the request without the token, and answers it with DEV_MAILBOX_TOKEN', async () => {
    const token = 'chosen-token-for-the-e2e-server';
    const listening = await createTestApp({ DEV_MAILBOX_TOKEN: token });
    try {
      await listening.app.listen({ host: '127.0.0.1', port: 0 });
      const { port } = listening.app.server.address() as net.AddressInfo;
      const request = (path: string) =>
        `GET ${path} HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n`;
      expect(await statusOverSocket(port, request('/dev/mailbox.json'))).toMatch(/^HTTP\/1\.1 404/);
      expect(await statusOverSocket(port, request(`/dev/mailbox/${token}.json`))).toBe(
        'HTTP/1.1 200 OK',
      );
    } finally {
      await listening.close();
    }
  });
});

describe('an instance not started for development', () => {
  const production = {
    NODE_ENV: 'production',
    AUTH_SECRET: 'a-production-secret-of-at-least-32-chars',
  };

  it.each([
    ['production', { ...production, SMTP_URL: 'smtp://127.0.0.1:2525' }],
    ['a public PUBLIC_URL', { PUBLIC_URL: 'https://relatos.example.com' }],
    ['TRUST_PROXY', { TRUST_PROXY: 'true' }],
    ['DEV_MAILBOX=false', { DEV_MAILBOX: 'false' }],
  ])('has no mailbox with %s, and the start-up log says why', async (_, env) => {
    const captured = capturedLog();
    const other = await createTestApp(env, {}, captured.logger);
    try {
      expect(other.app.hasRoute({ method: 'GET', url: '/dev/mailbox/:token' })).toBe(false);
      expect(other.app.hasRoute({ method: 'GET', url: '/dev/mailbox/:token.json' })).toBe(false);
      const said = captured.entries.map((entry) => String(entry.msg));
      expect(said.some((message) => message.startsWith('development mailbox off: '))).toBe(true);
    } finally {
      await other.close();
    }
  });

  it('serves it in production only when DEV_MAILBOX=true chose it, at its token', async () => {
    const captured = capturedLog();
    const chosen = await createTestApp({ ...production, DEV_MAILBOX: 'true' }, {}, captured.logger);
    try {
      const address = loggedAddress(captured.entries);
      expect((await get(chosen, `${address.pathname}.json`)).statusCode).toBe(200);
      expect((await get(chosen, '/dev/mailbox.json', LOOKS_LOCAL)).statusCode).toBe(404);
    } finally {
      await chosen.close();
    }
  });
});
