import { serializeSignedCookie } from 'better-call';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ChangeNotices, SessionsChanged } from '../../lib/change-notices.ts';
import type { Auth } from './auth-instance.ts';
import { createSessionLookup } from './session-lookup.ts';
import type { SessionsRepository } from './sessions.repository.ts';

const SECRET = 'test-secret-test-secret-test-secret-123';
const NAME = 'relatos.session_token';

const fakeAuth = {
  $context: Promise.resolve({
    secret: SECRET,
    authCookies: { sessionToken: { name: NAME }, dontRememberToken: { name: 'relatos.dont' } },
  }),
} as unknown as Auth;

async function setUp(caughtUp: () => Promise<void>) {
  let dropper: ((changed: SessionsChanged) => void) | undefined;
  const changes = {
    caughtUp: vi.fn(caughtUp),
    onSessionsChange: (next: (changed: SessionsChanged) => void) => {
      dropper = next;
      return () => undefined;
    },
  } as unknown as ChangeNotices;
  const findViewer = vi.fn(async () => ({
    viewer: { userId: 'u1', role: 'user' as const },
    expiresAt: new Date(Date.now() + 3_600_000),
  }));
  const sessions = { findViewer } as unknown as SessionsRepository;
  const lookup = createSessionLookup({ auth: fakeAuth, sessions, changes });
  const cookie = (await serializeSignedCookie(NAME, 'token-1', SECRET)).split(';')[0]!;
  return { lookup, findViewer, cookie, announce: (changed: SessionsChanged) => dropper!(changed) };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('session lookup', () => {
  it('answers from its copy once caught up with the notices, until a notice names the user', async () => {
    const { lookup, findViewer, cookie, announce } = await setUp(async () => undefined);
    expect((await lookup.viewer(cookie)).userId).toBe('u1');
    expect((await lookup.viewer(cookie)).userId).toBe('u1');
    expect(findViewer).toHaveBeenCalledTimes(1);

    announce(['someone-else']);
    await lookup.viewer(cookie);
    expect(findViewer).toHaveBeenCalledTimes(1);

    announce(['u1']);
    await lookup.viewer(cookie);
    expect(findViewer).toHaveBeenCalledTimes(2);
    announce('all');
    await lookup.viewer(cookie);
    expect(findViewer).toHaveBeenCalledTimes(3);
  });

  it('asks the database when it is not listening', async () => {
    const { lookup, findViewer, cookie } = await setUp(async () => {
      throw new Error('not listening');
    });
    await lookup.viewer(cookie);
    await lookup.viewer(cookie);
    expect(findViewer).toHaveBeenCalledTimes(2);
  });

  it('waits at most 2 s for a catch-up that does not answer, then asks the database without waiting', async () => {
    vi.useFakeTimers();
    const { lookup, findViewer, cookie } = await setUp(() => new Promise<void>(() => undefined));
    await lookup.viewer(cookie);

    const waiting = lookup.viewer(cookie);
    await vi.advanceTimersByTimeAsync(2_000);
    expect((await waiting).userId).toBe('u1');
    expect(findViewer).toHaveBeenCalledTimes(2);

    // Stalled: the next request does not wait for the catch-up again.
    expect((await lookup.viewer(cookie)).userId).toBe('u1');
    expect(findViewer).toHaveBeenCalledTimes(3);
  });

  it('is anonymous for a cookie it did not sign, without asking the database', async () => {
    const { lookup, findViewer } = await setUp(async () => undefined);
    expect((await lookup.viewer(`${NAME}=token-1.forged`)).userId).toBeNull();
    expect(findViewer).not.toHaveBeenCalled();
  });
});
