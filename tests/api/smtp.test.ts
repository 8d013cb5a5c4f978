import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STRONG_PASSWORD, cookiesFrom, tokenFrom, uniqueEmail } from './helpers/accounts.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';

interface Received {
  to: string[];
  raw: string;
}

let server: SMTPServer;
let received: Received[] = [];
let t: TestApp;

beforeAll(async () => {
  server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      let raw = '';
      stream.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
      stream.on('end', () => {
        received.push({ to: session.envelope.rcptTo.map((rcpt) => rcpt.address), raw });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  t = await createTestApp({
    SMTP_URL: `smtp://127.0.0.1:${port}`,
    MAIL_FROM: 'Relatos <hola@relatos.test>',
  });
});

afterAll(async () => {
  await t.close();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

async function waitForMail(to: string): Promise<Received> {
  for (let attempt = 0; attempt < 100; attempt++) {
    const message = received.find((candidate) => candidate.to.includes(to));
    if (message) return message;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`no SMTP message for ${to}`);
}

/** Quoted-printable soft line breaks and escapes, as nodemailer writes long lines. */
const decodeQuotedPrintable = (raw: string) =>
  raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_match, hex: string) => String.fromCharCode(parseInt(hex, 16)));

describe('mail over SMTP_URL', () => {
  it('sends the confirmation through a real SMTP server, and its link confirms the account', async () => {
    received = [];
    const email = uniqueEmail('smtp');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up',
      payload: { email, password: STRONG_PASSWORD, fullName: 'Sam' },
    });
    expect(res.statusCode).toBe(201);

    const message = await waitForMail(email);
    const decoded = decodeQuotedPrintable(message.raw);
    expect(decoded).toContain('From: Relatos <hola@relatos.test>');
    expect(decoded).toContain('Content-Type: text/plain');
    expect(decoded).toContain('Content-Type: text/html');
    const token = tokenFrom(decoded, '/email-confirmation');

    const confirmed = await t.app.inject({
      method: 'POST',
      url: '/api/auth/confirm-email',
      payload: { token },
    });
    expect(confirmed.statusCode).toBe(200);
    const session = await t.app.inject({
      method: 'GET',
      url: '/api/auth/session',
      headers: { cookie: cookiesFrom(confirmed) },
    });
    expect(session.json().user.email).toBe(email);
  });

  it('has no development mailbox when SMTP is configured', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/dev/mailbox.json' });
    expect(res.statusCode).toBe(404);
  });
});
