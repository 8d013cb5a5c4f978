import net from 'node:net';
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

const mailbox = (
  options: { remoteAddress?: string; headers?: Record<string, string> } = {},
  app: TestApp = t,
) => app.app.inject({ method: 'GET', url: '/dev/mailbox.json', ...options });

describe('development mailbox', () => {
  it('lists stored messages to direct requests from this machine, with clickable links', async () => {
    const { email } = await signUp(t);
    let messages: { to: string; text: string }[] = [];
    for (let i = 0; i < 50 && !messages.some((m) => m.to === email); i++) {
      messages = (await mailbox({ headers: { host: 'localhost:3000' } })).json().messages;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(messages.find((m) => m.to === email)!.text).toContain('/email-confirmation?token=');
    const page = await t.app.inject({
      method: 'GET',
      url: '/dev/mailbox',
      headers: { host: '127.0.0.1:3000', referer: 'http://localhost:3000/auth' },
    });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<a href="http://localhost:3000/email-confirmation?token=');
    expect(
      (await mailbox({ remoteAddress: '::1', headers: { host: '[::1]:3000' } })).statusCode,
    ).toBe(200);
  });

  it('is not answered to other addresses', async () => {
    expect((await mailbox({ remoteAddress: '203.0.113.9' })).statusCode).toBe(404);
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

  // A proxy on this machine connects from a loopback socket: its headers give it away.
  it.each([
    ['forwarded', 'for=198.51.100.7'],
    ['x-forwarded-for', '127.0.0.1'],
    ['x-forwarded-host', 'localhost'],
    ['x-forwarded-proto', 'https'],
    ['x-real-ip', '127.0.0.1'],
    ['via', '1.1 caddy'],
  ])('refuses a request a proxy on this machine passed on (%s)', async (name, value) => {
    const res = await mailbox({ headers: { host: 'localhost:3000', [name]: value } });
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe('NOT_FOUND');
  });

  it('refuses a request for a host name that is not this machine', async () => {
    expect((await mailbox({ headers: { host: 'relatos.example.com' } })).statusCode).toBe(404);
    expect(
      (await mailbox({ headers: { host: 'localhost', referer: 'https://relatos.example.com/' } }))
        .statusCode,
    ).toBe(404);
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

describe('over a real socket', () => {
  it('answers HTTP/1.1 from this machine, and refuses HTTP/1.0 (nginx to its upstreams)', async () => {
    const listening = await createTestApp();
    try {
      await listening.app.listen({ host: '127.0.0.1', port: 0 });
      const { port } = listening.app.server.address() as net.AddressInfo;
      const direct =
        'GET /dev/mailbox.json HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n';
      expect(await statusOverSocket(port, direct)).toBe('HTTP/1.1 200 OK');
      const proxied = 'GET /dev/mailbox.json HTTP/1.0\r\nHost: 127.0.0.1:3000\r\n\r\n';
      expect(await statusOverSocket(port, proxied)).toMatch(/^HTTP\/1\.1 404/);
    } finally {
      await listening.close();
    }
  });
});

describe('an instance that could be reached from elsewhere', () => {
  it.each([
    ['a public PUBLIC_URL', { PUBLIC_URL: 'https://relatos.example.com' }],
    ['TRUST_PROXY', { TRUST_PROXY: 'true' }],
  ])('does not serve the mailbox with %s, even to this machine', async (_, env) => {
    const other = await createTestApp(env);
    try {
      const res = await mailbox({ headers: { host: 'localhost' } }, other);
      expect(res.statusCode).toBe(404);
      // The page itself is not there either (not merely hidden by a check).
      expect(other.app.hasRoute({ method: 'GET', url: '/dev/mailbox' })).toBe(false);
    } finally {
      await other.close();
    }
  });
});
