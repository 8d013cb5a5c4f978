import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, type AppConfig } from '../../config/env.ts';
import {
  devMailboxAvailability,
  isDevMailboxToken,
  newDevMailboxToken,
} from './dev-mailbox-access.ts';

type Facts = Pick<AppConfig, 'env' | 'publicUrl' | 'trustProxy' | 'devMailbox'>;

/** What a fresh clone's `npm start` runs with. */
const freshStart: Facts = {
  env: 'development',
  publicUrl: 'http://localhost:3000',
  trustProxy: false,
  devMailbox: { mode: 'auto' },
};

describe('devMailboxAvailability', () => {
  it('is on by default for a development start on this machine without SMTP, and says why', () => {
    for (const publicUrl of [
      'http://localhost:3000',
      'http://127.0.0.1:8080',
      'http://[::1]:3000',
    ]) {
      const verdict = devMailboxAvailability({ ...freshStart, publicUrl }, 'dev-mailbox');
      expect(verdict.enabled).toBe(true);
      expect(verdict.reason).toContain('DEV_MAILBOX=false turns it off');
    }
  });

  it.each([
    ['production', { env: 'production' }, 'dev-mailbox', 'production'],
    ['real mail', {}, 'smtp', 'SMTP_URL'],
    ['a trusted proxy', { trustProxy: { hops: 1 } }, 'dev-mailbox', 'TRUST_PROXY'],
    ['a public address', { publicUrl: 'https://relatos.example.com' }, 'dev-mailbox', 'PUBLIC_URL'],
    ['a LAN address', { publicUrl: 'http://192.168.1.20:3000' }, 'dev-mailbox', 'PUBLIC_URL'],
    ['DEV_MAILBOX=false', { devMailbox: { mode: 'off' } }, 'dev-mailbox', 'DEV_MAILBOX=false'],
  ] as const)('is off by default with %s, and the reason names it', (_, change, kind, named) => {
    const verdict = devMailboxAvailability({ ...freshStart, ...change } as Facts, kind);
    expect(verdict).toMatchObject({ enabled: false });
    expect(verdict.reason).toContain(named);
  });

  it('is on wherever DEV_MAILBOX=true, production included, as long as mail is kept', () => {
    const chosen = { devMailbox: { mode: 'on' } } as const;
    for (const change of [
      { env: 'production' },
      { publicUrl: 'https://staging.example.com', trustProxy: { hops: 1 } },
    ] as const) {
      expect(
        devMailboxAvailability({ ...freshStart, ...chosen, ...change } as Facts, 'dev-mailbox'),
      ).toEqual({ enabled: true, reason: 'DEV_MAILBOX=true' });
    }
    expect(devMailboxAvailability({ ...freshStart, ...chosen }, 'smtp').enabled).toBe(false);
  });
});

describe('DEV_MAILBOX and DEV_MAILBOX_TOKEN', () => {
  const load = (env: Record<string, string>) =>
    loadConfig({ DATA_DIR: '/tmp/relatos-config-test', ...env });
  const production = {
    NODE_ENV: 'production',
    AUTH_SECRET: 'a-production-secret-of-at-least-32-chars',
  };

  it('lets production keep mail for the mailbox only when DEV_MAILBOX=true says so', () => {
    expect(() => load(production)).toThrow(/SMTP_URL: required in production/);
    expect(load({ ...production, DEV_MAILBOX: 'true' }).devMailbox).toEqual({
      mode: 'on',
      token: undefined,
    });
  });

  it('refuses DEV_MAILBOX=true beside SMTP_URL, and a token too short or unfit for an address', () => {
    expect(() => load({ DEV_MAILBOX: 'true', SMTP_URL: 'smtp://mail.example.com:587' })).toThrow(
      ConfigError,
    );
    for (const token of ['short', 'has spaces in it, sixteen+', 'slash/in/the/token/xx']) {
      expect(() => load({ DEV_MAILBOX_TOKEN: token }), token).toThrow(/DEV_MAILBOX_TOKEN/);
    }
    expect(load({ DEV_MAILBOX_TOKEN: 'e2e-mailbox-0123456789' }).devMailbox).toEqual({
      mode: 'auto',
      token: 'e2e-mailbox-0123456789',
    });
  });
});

describe('the token', () => {
  it('is 128 random bits, URL-safe, and only itself opens the mailbox', () => {
    const token = newDevMailboxToken();
    expect(token).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(newDevMailboxToken()).not.toBe(token);
    expect(isDevMailboxToken(token, token)).toBe(true);
    expect(isDevMailboxToken(token, token.slice(0, -1))).toBe(false);
    expect(isDevMailboxToken(token, `${token}x`)).toBe(false);
    expect(isDevMailboxToken(token, '')).toBe(false);
  });
});
