import type { IncomingHttpHeaders } from 'node:http';
import { describe, expect, it } from 'vitest';
import type { AppConfig } from '../../config/env.ts';
import { devMailboxAvailability, isDirectLocalRequest } from './dev-mailbox-access.ts';

const development: Pick<AppConfig, 'env' | 'publicUrl' | 'trustProxy'> = {
  env: 'development',
  publicUrl: 'http://localhost:3000',
  trustProxy: false,
};

describe('devMailboxAvailability', () => {
  it('serves the mailbox in development without SMTP on a loopback PUBLIC_URL, and says why', () => {
    for (const publicUrl of [
      'http://localhost:3000',
      'http://127.0.0.1:8080',
      'http://[::1]:3000',
    ]) {
      const verdict = devMailboxAvailability({ ...development, publicUrl }, 'dev-mailbox');
      expect(verdict.enabled).toBe(true);
      expect(verdict.reason).toContain('loopback');
    }
  });

  it.each([
    ['production', { env: 'production' }, 'dev-mailbox', 'production'],
    ['real mail', {}, 'smtp', 'SMTP_URL'],
    ['a trusted proxy', { trustProxy: { hops: 1 } }, 'dev-mailbox', 'TRUST_PROXY'],
    ['a public address', { publicUrl: 'https://relatos.example.com' }, 'dev-mailbox', 'PUBLIC_URL'],
    ['a LAN address', { publicUrl: 'http://192.168.1.20:3000' }, 'dev-mailbox', 'PUBLIC_URL'],
  ] as const)('is off with %s, and the reason names it', (_, change, kind, named) => {
    const verdict = devMailboxAvailability({ ...development, ...change }, kind);
    expect(verdict).toMatchObject({ enabled: false });
    expect(verdict.reason).toContain(named);
  });
});

const viaSocket = (remoteAddress: string, headers: IncomingHttpHeaders, httpVersion = '1.1') =>
  isDirectLocalRequest({ remoteAddress, headers, httpVersion });

describe('isDirectLocalRequest', () => {
  it('accepts a loopback socket naming this machine', () => {
    expect(viaSocket('127.0.0.1', { host: 'localhost:3000' })).toBe(true);
    expect(viaSocket('::ffff:127.0.0.1', { host: '127.0.0.1:3000' })).toBe(true);
  });

  it('refuses a missing or malformed Host, and an Origin elsewhere', () => {
    expect(viaSocket('127.0.0.1', {})).toBe(false);
    expect(viaSocket('127.0.0.1', { host: 'local host' })).toBe(false);
    expect(viaSocket('127.0.0.1', { host: 'localhost', origin: 'https://evil.example' })).toBe(
      false,
    );
    expect(viaSocket('127.0.0.1', { host: 'localhost', referer: 'not a url' })).toBe(false);
  });

  it('refuses HTTP/1.0, what nginx speaks to its upstreams by default', () => {
    expect(viaSocket('127.0.0.1', { host: '127.0.0.1:3000' }, '1.0')).toBe(false);
  });

  it('refuses any X-Forwarded-* header', () => {
    expect(viaSocket('127.0.0.1', { host: 'localhost', 'x-forwarded-port': '443' })).toBe(false);
  });
});
