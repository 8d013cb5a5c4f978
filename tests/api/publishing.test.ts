import { and, desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminStoryResponseSchema } from '#shared/contracts/admin-stories';
import {
  publishingMessages,
  publishingSettingsResponseSchema,
  reviewStateResponseSchema,
  type UnreviewedCounts,
} from '#shared/contracts/publishing';
import { apiErrorSchema } from '#shared/errors';
import { NOTHING_UNREVIEWED } from '#shared/studio/unreviewed-counts';
import type { Transcript } from '#shared/transcript';
import { chapters as chapterRows, securityAuditLog, stories } from '#server/db/schema';
import { signedInUser } from './helpers/accounts.ts';
import { insertStory } from './helpers/fixtures.ts';
import {
  machineTranscript,
  machineTranscriptCounts,
  storeTranscript,
  storyWithTranscripts,
} from './helpers/machine-output.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';

let t: TestApp;
let admin: Awaited<ReturnType<typeof signedInUser>>;
let learner: Awaited<ReturnType<typeof signedInUser>>;

const ORIGIN = 'http://localhost:3000';
const UNKNOWN_ID = '8c5b8a5e-3c55-4c77-9d1c-0c3f7e1f5a10';

beforeAll(async () => {
  t = await createTestApp();
  admin = await signedInUser(t, { role: 'admin' });
  learner = await signedInUser(t);
});
afterAll(async () => {
  await t.close();
});

const call = (
  user: { cookie: string } | null,
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  payload?: object,
) =>
  t.app.inject({
    method,
    url,
    ...(payload ? { payload } : {}),
    headers: { ...(user ? { cookie: user.cookie } : {}), origin: ORIGIN },
  });

const reviewState = async (id: string, action: 'publish' | 'publish-changes') => {
  const res = await call(admin, 'GET', `/api/admin/stories/${id}/review-state?action=${action}`);
  expect(res.statusCode, res.body).toBe(200);
  return reviewStateResponseSchema.parse(res.json()).reviewState;
};

const publish = (id: string, acknowledgeUnreviewed?: UnreviewedCounts) =>
  call(
    admin,
    'POST',
    `/api/admin/stories/${id}/status`,
    acknowledgeUnreviewed ? { acknowledgeUnreviewed } : undefined,
  );

const publishChanges = (id: string, acknowledgeUnreviewed?: UnreviewedCounts) =>
  call(
    admin,
    'POST',
    `/api/admin/stories/${id}/publish-changes`,
    acknowledgeUnreviewed ? { acknowledgeUnreviewed } : undefined,
  );

const setPolicy = (unreviewedMachineOutput: string) =>
  call(admin, 'PUT', '/api/admin/publishing-settings', { unreviewedMachineOutput });

const statusOf = async (id: string) =>
  (
    await t.database.db
      .select({ status: stories.status, revision: stories.publishedRevision })
      .from(stories)
      .where(eq(stories.id, id))
  )[0]!;

async function lastAudit(action: string, storyId: string) {
  const [row] = await t.database.db
    .select({ details: securityAuditLog.details })
    .from(securityAuditLog)
    .where(
      and(
        eq(securityAuditLog.action, action),
        sql`${securityAuditLog.details}->>'story_id' = ${storyId}`,
      ),
    )
    .orderBy(desc(securityAuditLog.createdAt))
    .limit(1);
  return row?.details;
}

/** The working copy's chapter gets another transcript (as a studio save does). */
const pointChapterAt = (chapterId: string, transcriptFileId: string) =>
  t.database.db.update(chapterRows).set({ transcriptFileId }).where(eq(chapterRows.id, chapterId));

/** A transcript whose every translation and gloss a person wrote: nothing to review. */
const reviewedTranscript: Transcript = {
  segments: [
    {
      id: 's1',
      start: 0,
      end: 1,
      text: 'Hola.',
      translation: 'Hello.',
      words: [{ id: 's1w1', text: 'Hola', start: 0, end: 1, gloss: 'hello' }],
    },
  ],
};

describe('GET /api/admin/stories/:id/review-state', () => {
  it('lists, per chapter learners would see, what no person has reviewed', async () => {
    const { story, chapters } = await storyWithTranscripts(
      t,
      machineTranscript,
      { status: 'draft' },
      3,
    );
    // Chapter 2 is reviewed; chapter 3's transcript is gone from storage.
    await storeTranscript(t, chapters[1]!, reviewedTranscript);
    await t.storage.delete('trans', chapters[2]!.transcriptFileId);

    const state = await reviewState(story.id, 'publish');
    expect(state).toEqual({
      action: 'publish',
      policy: 'publish-marked',
      unreviewed: machineTranscriptCounts,
      chapters: [
        {
          id: chapters[0]!.id,
          title: 'Chapter 1',
          position: 1,
          readable: true,
          unreviewed: machineTranscriptCounts,
        },
        {
          id: chapters[1]!.id,
          title: 'Chapter 2',
          position: 2,
          readable: true,
          unreviewed: NOTHING_UNREVIEWED,
        },
        {
          id: chapters[2]!.id,
          title: 'Chapter 3',
          position: 3,
          readable: false,
          unreviewed: NOTHING_UNREVIEWED,
        },
      ],
      leftOut: [],
    });
  });

  it('names the chapters learners will not see for want of audio or transcript (decision 063)', async () => {
    const { story, chapters } = await storyWithTranscripts(t, reviewedTranscript, {}, 3);
    // In the working copy, chapter 2 loses its transcript and chapter 3 both its files.
    await t.database.db
      .update(chapterRows)
      .set({ transcriptFileId: '' })
      .where(eq(chapterRows.id, chapters[1]!.id));
    await t.database.db
      .update(chapterRows)
      .set({ audioFileId: '', transcriptFileId: '' })
      .where(eq(chapterRows.id, chapters[2]!.id));

    const changes = await reviewState(story.id, 'publish-changes');
    expect(changes.chapters.map((chapter) => chapter.id)).toEqual([chapters[0]!.id]);
    expect(changes.leftOut).toEqual([
      { id: chapters[1]!.id, title: 'Chapter 2', position: 2, missing: 'transcript' },
      { id: chapters[2]!.id, title: 'Chapter 3', position: 3, missing: 'audio-and-transcript' },
    ]);
    // Published again as it was (unpublished, then "Publish"), learners keep all three.
    expect((await publish(story.id)).json().story.status).toBe('draft');
    const republish = await reviewState(story.id, 'publish');
    expect(republish.chapters).toHaveLength(3);
    expect(republish.leftOut).toEqual([]);
    expect((await publish(story.id)).json().story.status).toBe('published');

    // "Publish changes": learners then see the one chapter the dialog said they would.
    const res = await publishChanges(story.id);
    expect(res.statusCode, res.body).toBe(200);
    const learnerView = await call(null, 'GET', `/api/stories/${story.id}`);
    expect(learnerView.statusCode, learnerView.body).toBe(200);
    expect(learnerView.json().story.chapters.map((chapter: { id: string }) => chapter.id)).toEqual([
      chapters[0]!.id,
    ]);
    expect(await lastAudit('story_changes_published', story.id)).toMatchObject({
      chapters: 1,
      chapters_without_media: 2,
    });
    // Still listed for the next publish, which would leave them out too.
    expect((await reviewState(story.id, 'publish-changes')).leftOut).toHaveLength(2);
  });

  it('answers what publishing changes would show: the working copy, not the revision', async () => {
    const { story, chapters } = await storyWithTranscripts(t, reviewedTranscript);
    expect((await reviewState(story.id, 'publish-changes')).unreviewed).toMatchObject({
      machineTranslations: 0,
    });
    // The studio saves a new, machine-made transcript into the working copy.
    const key = `${chapters[0]!.transcriptFileId}.v2`;
    await storeTranscript(t, { transcriptFileId: key }, machineTranscript);
    await pointChapterAt(chapters[0]!.id, key);
    expect((await reviewState(story.id, 'publish-changes')).unreviewed).toEqual(
      machineTranscriptCounts,
    );
  });

  it('refuses learners, an unknown story and an unknown action', async () => {
    const { story } = await insertStory(t.database.db, { status: 'draft' }, 1);
    const asLearner = await call(
      learner,
      'GET',
      `/api/admin/stories/${story.id}/review-state?action=publish`,
    );
    expect(asLearner.statusCode).toBe(403);
    expect(
      (await call(admin, 'GET', `/api/admin/stories/${UNKNOWN_ID}/review-state?action=publish`))
        .statusCode,
    ).toBe(404);
    const badAction = await call(
      admin,
      'GET',
      `/api/admin/stories/${story.id}/review-state?action=delete`,
    );
    expect(badAction.statusCode).toBe(400);
    expect(apiErrorSchema.parse(badAction.json()).error.code).toBe('VALIDATION_ERROR');
  });
});

describe('publishing with unreviewed machine output (setting: may be published, marked)', () => {
  it('refuses to publish a draft until the request acknowledges what is unreviewed', async () => {
    const { story } = await storyWithTranscripts(t, machineTranscript, { status: 'draft' });

    const refused = await publish(story.id);
    expect(refused.statusCode).toBe(409);
    expect(apiErrorSchema.parse(refused.json()).error).toEqual({
      code: 'CONFLICT',
      message: publishingMessages.confirmationNeeded,
      details: {
        hint: publishingMessages.confirmationNeededHint,
        unreviewed: machineTranscriptCounts,
      },
    });
    expect((await statusOf(story.id)).status).toBe('draft');

    // Acknowledging less than there is (a stale dialog) is refused too.
    const stale = await publish(story.id, { ...machineTranscriptCounts, machineGlosses: 0 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error.message).toBe(publishingMessages.changedSinceConfirmation);
    expect(stale.json().error.details.unreviewed).toEqual(machineTranscriptCounts);

    const published = await publish(story.id, machineTranscriptCounts);
    expect(published.statusCode, published.body).toBe(200);
    expect(adminStoryResponseSchema.parse(published.json()).story.status).toBe('published');
    expect(await lastAudit('story_published', story.id)).toMatchObject({
      unreviewed_machine_translations: 1,
      unreviewed_missing_translations: 0,
      unreviewed_machine_glosses: 1,
      unreviewed_missing_glosses: 1,
      unreviewed_doubtful_timings: 1,
      unreviewed_policy: 'publish-marked',
    });

    // Unpublishing asks nothing.
    const unpublished = await publish(story.id);
    expect(unpublished.statusCode).toBe(200);
    expect(unpublished.json().story.status).toBe('draft');
  });

  it('publishes a reviewed story in one request, as before', async () => {
    const { story } = await storyWithTranscripts(t, reviewedTranscript, { status: 'draft' });
    const res = await publish(story.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(await lastAudit('story_published', story.id)).toMatchObject({
      unreviewed_machine_translations: 0,
      unreviewed_doubtful_timings: 0,
    });
  });

  it('checks "Publish changes" the same way', async () => {
    const { story, chapters } = await storyWithTranscripts(t, reviewedTranscript);
    await storeTranscript(t, chapters[0]!, machineTranscript);
    const refused = await publishChanges(story.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.details.unreviewed).toEqual(machineTranscriptCounts);
    const res = await publishChanges(story.id, machineTranscriptCounts);
    expect(res.statusCode, res.body).toBe(200);
    expect(await lastAudit('story_changes_published', story.id)).toMatchObject({
      unreviewed_machine_translations: 1,
      unreviewed_policy: 'publish-marked',
    });
  });

  it('publishing again after unpublishing checks the revision learners will see again', async () => {
    const { story, chapters } = await storyWithTranscripts(t, reviewedTranscript);
    expect((await publish(story.id)).json().story.status).toBe('draft');
    // The working copy gets machine output, but the revision learners will see again does not.
    const key = `${chapters[0]!.transcriptFileId}.draft`;
    await storeTranscript(t, { transcriptFileId: key }, machineTranscript);
    await pointChapterAt(chapters[0]!.id, key);
    expect((await reviewState(story.id, 'publish')).unreviewed.machineTranslations).toBe(0);
    expect((await reviewState(story.id, 'publish-changes')).unreviewed.machineTranslations).toBe(1);
    const res = await publish(story.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().story).toMatchObject({ status: 'published', hasUnpublishedChanges: true });
  });
});

describe('the publishing setting', () => {
  it('reads "may be published" by default, and only administrators read or change it', async () => {
    const res = await call(admin, 'GET', '/api/admin/publishing-settings');
    expect(res.statusCode).toBe(200);
    expect(publishingSettingsResponseSchema.parse(res.json()).settings).toEqual({
      unreviewedMachineOutput: 'publish-marked',
    });
    expect((await call(learner, 'GET', '/api/admin/publishing-settings')).statusCode).toBe(403);
    expect((await call(null, 'PUT', '/api/admin/publishing-settings', {})).statusCode).toBe(401);
    const bad = await setPolicy('sometimes');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.code).toBe('VALIDATION_ERROR');
  });

  it('"must be reviewed" refuses machine output even when acknowledged, and lets the rest through', async () => {
    const changed = await setPolicy('review-first');
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().settings).toEqual({ unreviewedMachineOutput: 'review-first' });
    const [audit] = await t.database.db
      .select({ details: securityAuditLog.details })
      .from(securityAuditLog)
      .where(eq(securityAuditLog.action, 'publishing_settings_updated'));
    expect(audit!.details).toMatchObject({
      unreviewed_machine_output: 'review-first',
      previous: 'publish-marked',
    });

    try {
      const { story } = await storyWithTranscripts(t, machineTranscript, { status: 'draft' });
      expect((await reviewState(story.id, 'publish')).policy).toBe('review-first');
      const refused = await publish(story.id, machineTranscriptCounts);
      expect(refused.statusCode).toBe(409);
      expect(apiErrorSchema.parse(refused.json()).error).toEqual({
        code: 'CONFLICT',
        message: publishingMessages.reviewRequired,
        details: {
          hint: publishingMessages.reviewRequiredHint,
          unreviewed: machineTranscriptCounts,
        },
      });
      expect((await statusOf(story.id)).status).toBe('draft');

      // A missing gloss and a doubtful timing are no machine output: confirmed, they go through.
      const untranslated: Transcript = {
        segments: [
          {
            id: 's1',
            start: 0,
            end: 1,
            text: 'Hola mundo.',
            translation: 'Hello world.',
            words: [
              { id: 's1w1', text: 'Hola', start: 0, end: 0.5, gloss: 'hello', confidence: 0.1 },
              { id: 's1w2', text: 'mundo', start: 0.5, end: 1 },
            ],
          },
        ],
      };
      const { story: plain } = await storyWithTranscripts(t, untranslated, { status: 'draft' });
      const counts = (await reviewState(plain.id, 'publish')).unreviewed;
      expect(counts).toEqual({
        machineTranslations: 0,
        missingTranslations: 0,
        machineGlosses: 0,
        missingGlosses: 1,
        doubtfulTimings: 1,
      });
      const res = await publish(plain.id, counts);
      expect(res.statusCode, res.body).toBe(200);
      expect(await lastAudit('story_published', plain.id)).toMatchObject({
        unreviewed_policy: 'review-first',
        unreviewed_missing_glosses: 1,
      });
    } finally {
      expect((await setPolicy('publish-marked')).statusCode).toBe(200);
    }
  });
});
