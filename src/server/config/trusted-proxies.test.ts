import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './env.ts';
import { fastifyTrustProxy } from './trusted-proxies.ts';

const trustOf = (TRUST_PROXY: string) => loadConfig({ TRUST_PROXY }).trustProxy;

describe('TRUST_PROXY', () => {
  it('is off by default and for false, 0 and no', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    for (const value of ['false', '0', 'no', '', 'FALSE'])
      expect(trustOf(value), value).toBe(false);
  });

  it('reads true and yes as one proxy in front, never as "trust every hop"', () => {
    expect(trustOf('true')).toEqual({ hops: 1 });
    expect(trustOf('yes')).toEqual({ hops: 1 });
    expect(trustOf('1')).toEqual({ hops: 1 });
  });

  it('takes a number of proxies up to 10', () => {
    expect(trustOf('2')).toEqual({ hops: 2 });
    expect(trustOf('10')).toEqual({ hops: 10 });
    expect(() => trustOf('11')).toThrow(ConfigError);
  });

  it('takes a comma list of proxy addresses, CIDR ranges and named ranges', () => {
    expect(trustOf('10.0.0.0/8, 192.0.2.10,fd00::/8, loopback')).toEqual({
      addresses: ['10.0.0.0/8', '192.0.2.10', 'fd00::/8', 'loopback'],
    });
  });

  it('refuses anything else, saying what it accepts', () => {
    for (const value of ['maybe', '10.0.0.0/33', '10.0.0/8', 'fd00::/129', '10.0.0.1/8/2', '-1']) {
      try {
        trustOf(value);
        expect.unreachable(value);
      } catch (error) {
        expect(error, value).toBeInstanceOf(ConfigError);
        expect((error as ConfigError).problems.join('\n')).toContain(
          'TRUST_PROXY: expected false; true (one proxy); a number of proxies',
        );
      }
    }
  });
});

describe('fastifyTrustProxy', () => {
  it('trusts the socket and the next n − 1 hops for a count of n', () => {
    const trust = fastifyTrustProxy({ hops: 2 });
    if (typeof trust !== 'function') throw new Error('a hop count is given as a function');
    expect([0, 1, 2, 3].map((hop) => trust('203.0.113.1', hop))).toEqual([
      true,
      true,
      false,
      false,
    ]);
  });

  it('hands an address list over as it is, and no proxy as false', () => {
    expect(fastifyTrustProxy({ addresses: ['10.0.0.0/8'] })).toEqual(['10.0.0.0/8']);
    expect(fastifyTrustProxy(false)).toBe(false);
  });
});
