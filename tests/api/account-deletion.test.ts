import { randomUUID } from 'node:crypto';
import { count, eq, inArray, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  accounts,
  bookmarks,
  fileUploads,
  listeningSessions,
  learnerPlacements,
  practiceAnswers,
  profiles,
  rateLimits,
  reviewLogs,
  reviewSettings,
  savedItems,
  securityAuditLog,
  sessions,
  userAchievements,
  userMemberships,
  userPayments,
  userPreferences,
  users,
  userStoryProgress,
  userVocabularyProgress,
} from '#server/db/schema';
import { removedWithAccount, type RemovedWithAccount } from '#shared/account-data';
import type { Transcript } from '#shared/transcript';
import { signedInUser } from './helpers/accounts.ts';
import { insertChapterWithTranscript } from './helpers/fixtures.ts';
import { multipart } from './helpers/studio.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';

/*
 * Delete Account removes what the privacy page and the profile say it removes
 * (src/shared/account-data.ts, decision 062): every kind listed there has its rows counted here,
 * before (the learner really has some) and after (none left). Also what no row holds: the avatar's
 * stored file and the rate-limit counts kept under the account's id and e-mail address.
 */

type User = Awaited<ReturnType<typeof signedInUser>>;
let t: TestApp;
let chapterId: string;

const transcript: Transcript = {
  segments: [
    {
      id: 's1',
      start: 0,
      end: 4,
      text: 'Lucía llega al mercado.',
      translation: 'Lucía arrives at the market.',
      words: [
        { id: 'w1', text: 'Lucía', start: 0, end: 1 },
        { id: 'w2', text: 'llega', start: 1, end: 2 },
      ],
    },
  ],
};

beforeAll(async () => {
  t = await createTestApp();
  chapterId = await insertChapterWithTranscript(t, transcript);
});
afterAll(async () => {
  await t.close();
});

const call = (user: User, method: 'POST' | 'PUT' | 'DELETE', url: string, payload: object) =>
  t.app.inject({ method, url, payload, headers: { cookie: user.cookie } });

async function rowsOf(table: PgTable, where: SQL | undefined): Promise<number> {
  const [row] = await t.database.db.select({ n: count() }).from(table).where(where);
  return row!.n;
}

/** The rows of each kind the texts say Delete Account removes, for one learner. */
const remaining = (user: User): Record<RemovedWithAccount, () => Promise<number>> => ({
  account: async () =>
    (await rowsOf(users, eq(users.id, user.userId))) +
    (await rowsOf(accounts, eq(accounts.userId, user.userId))) +
    (await rowsOf(sessions, eq(sessions.userId, user.userId))),
  profile: async () =>
    (await rowsOf(profiles, eq(profiles.id, user.userId))) +
    (await rowsOf(userPreferences, eq(userPreferences.userId, user.userId))),
  progress: () => rowsOf(userStoryProgress, eq(userStoryProgress.userId, user.userId)),
  listening: () => rowsOf(listeningSessions, eq(listeningSessions.userId, user.userId)),
  bookmarks: () => rowsOf(bookmarks, eq(bookmarks.userId, user.userId)),
  savedItems: () => rowsOf(savedItems, eq(savedItems.userId, user.userId)),
  reviewHistory: async () =>
    (await rowsOf(reviewLogs, eq(reviewLogs.userId, user.userId))) +
    (await rowsOf(reviewSettings, eq(reviewSettings.userId, user.userId))),
  practice: () => rowsOf(practiceAnswers, eq(practiceAnswers.userId, user.userId)),
  placement: () => rowsOf(learnerPlacements, eq(learnerPlacements.userId, user.userId)),
  learned: async () =>
    (await rowsOf(userVocabularyProgress, eq(userVocabularyProgress.userId, user.userId))) +
    (await rowsOf(userAchievements, eq(userAchievements.userId, user.userId))),
  membership: () => rowsOf(userMemberships, eq(userMemberships.userId, user.userId)),
});

async function countsOf(user: User): Promise<Record<RemovedWithAccount, number>> {
  const checks = remaining(user);
  const counts = {} as Record<RemovedWithAccount, number>;
  for (const kind of Object.keys(removedWithAccount) as RemovedWithAccount[]) {
    counts[kind] = await checks[kind]();
  }
  return counts;
}

/**
 * A learner who used everything: listened, completed, bookmarked, saved, reviewed, practised,
 * paid.
 */
async function learnerWithHistory(): Promise<User & { avatarKey: string }> {
  const user = await signedInUser(t);
  const png = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#a33' } })
    .png()
    .toBuffer();
  const form = multipart('me.png', 'image/png', png);
  const avatar = await t.app.inject({
    method: 'POST',
    url: '/api/me/avatar',
    payload: form.body,
    headers: { cookie: user.cookie, 'content-type': form.contentType },
  });
  expect(avatar.statusCode).toBe(200);
  const avatarUrl = avatar.json().profile.avatarUrl as string;

  const now = Date.now();
  const steps = [
    call(user, 'POST', '/api/progress/listening', {
      sessionId: randomUUID(),
      chapterId,
      listenedSeconds: 60,
    }),
    call(user, 'POST', '/api/progress', {
      chapterId,
      positionSeconds: 60,
      durationSeconds: 60,
      clientTimestamp: now,
      sentAt: now,
    }),
    call(user, 'POST', '/api/bookmarks', { chapterId, positionSeconds: 2, note: 'el mercado' }),
    call(user, 'PUT', '/api/me/review/settings', { newCardsPerDay: 5 }),
  ];
  for (const step of steps) expect((await step).statusCode).toBeLessThan(300);
  const saved = await call(user, 'POST', '/api/me/saved-items', {
    kind: 'word',
    chapterId,
    segmentId: 's1',
    wordId: 'w2',
  });
  expect(saved.statusCode).toBeLessThan(300);
  const answered = await call(user, 'POST', '/api/me/review/answers', {
    answers: [{ answerId: randomUUID(), itemId: saved.json().item.id, rating: 3, reviewedAt: now }],
    sentAt: now,
  });
  expect(answered.statusCode).toBe(200);
  const practised = await call(user, 'POST', '/api/me/practice/answers', {
    answers: [
      {
        answerId: randomUUID(),
        kind: 'dictation',
        chapterId,
        segmentId: 's1',
        correct: false,
        answeredAt: now,
      },
    ],
    sentAt: now,
  });
  expect(practised.json().results[0].outcome).toBe('recorded');
  const placed = await call(user, 'POST', '/api/me/placement', {
    cloze: [],
    words: [{ word: 'casa', known: true }],
  });
  expect(placed.statusCode).toBe(200);
  // A donation's fulfilment (tested in payments.test.ts) gives these two rows.
  await t.database.db
    .insert(userMemberships)
    .values({ userId: user.userId, hasLifetimeAccess: true, grantedAt: new Date() });
  await t.database.db.insert(userPayments).values({
    userId: user.userId,
    amount: 500,
    paymentStatus: 'paid',
    provider: 'sandbox',
  });
  // A wrong password counts against the e-mail address (rate_limits), as the save counted
  // against the account's id.
  const wrong = await t.app.inject({
    method: 'POST',
    url: '/api/auth/sign-in',
    payload: { email: user.email, password: 'Wrong1234', rememberMe: false },
  });
  expect(wrong.statusCode).toBe(401);
  return { ...user, avatarKey: avatarUrl.replace('/api/files/uploads/', '') };
}

describe('Delete Account', () => {
  it('removes every kind of data the texts list, the avatar file and the rate-limit counts', async () => {
    const user = await learnerWithHistory();
    const other = await learnerWithHistory();
    const counterIdentifiers = inArray(rateLimits.identifier, [user.userId, user.email]);
    const before = await countsOf(user);
    for (const [kind, rows] of Object.entries(before)) {
      expect(rows, `${kind} before deletion`).toBeGreaterThan(0);
    }
    expect(await rowsOf(rateLimits, counterIdentifiers)).toBeGreaterThanOrEqual(2);

    const res = await call(user, 'DELETE', '/api/account', { password: user.password });
    expect(res.statusCode).toBe(204);

    const after = await countsOf(user);
    expect(after).toEqual(
      Object.fromEntries(Object.keys(removedWithAccount).map((kind) => [kind, 0])),
    );
    // The avatar: its object and its record.
    expect(await t.storage.head('uploads', user.avatarKey)).toBeNull();
    expect(await rowsOf(fileUploads, eq(fileUploads.filePath, user.avatarKey))).toBe(0);
    expect(await rowsOf(rateLimits, counterIdentifiers)).toBe(0);

    // What the texts say is kept: the payment, without the link; the security log, unlinked.
    const payments = await t.database.db
      .select({ userId: userPayments.userId, amount: userPayments.amount })
      .from(userPayments)
      .where(eq(userPayments.amount, 500));
    expect(payments).toContainEqual({ userId: null, amount: 500 });
    expect(await rowsOf(securityAuditLog, eq(securityAuditLog.userId, user.userId))).toBe(0);

    // Another learner's data is untouched.
    for (const [kind, rows] of Object.entries(await countsOf(other))) {
      expect(rows, `${kind} of another learner`).toBeGreaterThan(0);
    }
    expect(await t.storage.head('uploads', other.avatarKey)).not.toBeNull();
    expect(
      await rowsOf(rateLimits, inArray(rateLimits.identifier, [other.userId, other.email])),
    ).toBeGreaterThanOrEqual(2);
  });

  it('removes nothing when the password is wrong', async () => {
    const user = await learnerWithHistory();
    const before = await countsOf(user);
    const res = await call(user, 'DELETE', '/api/account', { password: 'Wrong1234' });
    expect(res.statusCode).toBe(401);
    expect(await countsOf(user)).toEqual(before);
    expect(await t.storage.head('uploads', user.avatarKey)).not.toBeNull();
  });
});
