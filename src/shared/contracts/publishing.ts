import { z } from 'zod';
import { chapterMissingParts } from './admin-stories.ts';

/**
 * Publishing honestly (issue 21, decision 043): before a story reaches learners the administrator
 * is shown what no person has reviewed, and a site setting decides whether machine-made
 * translations and glosses may be published at all (learners then see them marked as machine
 * translation). Routes: src/server/modules/admin-stories (review state, publishing) and
 * src/server/modules/admin-settings (the setting).
 *
 *   GET  /api/admin/stories/:id/review-state?action=publish|publish-changes → { reviewState }
 *        what learners would see after that action that waits for review, per chapter, and
 *        the chapters it leaves out for want of audio or transcript (decision 063)
 *   POST /api/admin/stories/:id/status            body PublishBody (optional) → { story }
 *   POST /api/admin/stories/:id/publish-changes   body PublishBody (optional) → { story }
 *        409 CONFLICT with `details.unreviewed` when the setting forbids the machine output
 *        learners would see, or when something is unreviewed and the body does not acknowledge
 *        at least as much (so no client skips the confirmation)
 *   GET  /api/admin/publishing-settings           → { settings }
 *   PUT  /api/admin/publishing-settings           body PublishingSettings → { settings }
 */

const count = z.number().int().nonnegative().max(10_000_000);

/** What waits for a person in a chapter or a story (src/shared/studio/review-state.ts counts it). */
export const unreviewedCountsSchema = z
  .object({
    /** Sentence translations a machine proposed that no person has approved. */
    machineTranslations: count,
    /** Sentences without a translation. */
    missingTranslations: count,
    /** Word glosses a machine proposed that no person has approved. */
    machineGlosses: count,
    /** Words that need a gloss and have none (names, numbers and punctuation need none). */
    missingGlosses: count,
    /** Sentences and words whose timing the aligner doubts (below DOUBTFUL_CONFIDENCE). */
    doubtfulTimings: count,
  })
  .strict();
export type UnreviewedCounts = z.infer<typeof unreviewedCountsSchema>;

/**
 * The site setting: whether translations and glosses no person has reviewed may reach learners.
 * `publish-marked`: they may, and learners see them marked "Machine translation";
 * `review-first`: a story is published only once none is left.
 */
export const unreviewedPolicies = ['publish-marked', 'review-first'] as const;
export type UnreviewedPolicy = (typeof unreviewedPolicies)[number];
/** The default keeps the spec's one-step publish toggle working (decision 043). */
export const DEFAULT_UNREVIEWED_POLICY: UnreviewedPolicy = 'publish-marked';

export const unreviewedPolicyLabels: Record<UnreviewedPolicy, { label: string; hint: string }> = {
  'publish-marked': {
    label: 'May be published',
    hint: 'Learners see them marked as machine translation. Publishing still lists what is unreviewed and asks for a confirmation.',
  },
  'review-first': {
    label: 'Must be reviewed before publishing',
    hint: 'A story with machine translations or glosses no one has approved cannot be published until they are reviewed in the studio.',
  },
};

export const publishingSettingsSchema = z
  .object({ unreviewedMachineOutput: z.enum(unreviewedPolicies) })
  .strict();
export type PublishingSettings = z.infer<typeof publishingSettingsSchema>;
export const publishingSettingsResponseSchema = z.object({ settings: publishingSettingsSchema });

/** `publish`: the draft becomes visible (the status toggle); `publish-changes`: decision 021. */
export const publishActions = ['publish', 'publish-changes'] as const;
export type PublishAction = (typeof publishActions)[number];
export const reviewStateQuerySchema = z.object({ action: z.enum(publishActions) }).strict();

export const chapterReviewStateSchema = z.object({
  id: z.uuid(),
  title: z.string(),
  /** 1-based, in the order learners will see the chapters. */
  position: z.number().int(),
  /** False when the chapter's transcript cannot be read (nothing of it is counted then). */
  readable: z.boolean(),
  unreviewed: unreviewedCountsSchema,
});
export type ChapterReviewState = z.infer<typeof chapterReviewStateSchema>;

export const chapterLeftOutSchema = z.object({
  id: z.uuid(),
  title: z.string(),
  /** 1-based, in the working copy's order (as the dashboard lists the chapters). */
  position: z.number().int(),
  missing: z.enum(chapterMissingParts),
});
export type ChapterLeftOut = z.infer<typeof chapterLeftOutSchema>;

export const reviewStateSchema = z.object({
  action: z.enum(publishActions),
  policy: z.enum(unreviewedPolicies),
  /** The sum over the chapters: what a publish request acknowledges. */
  unreviewed: unreviewedCountsSchema,
  /** The chapters learners would see after the action, in their order. */
  chapters: z.array(chapterReviewStateSchema),
  /**
   * The working copy's chapters learners will not see after the action because they lack their
   * audio or transcript (decision 063), in the working copy's order.
   */
  leftOut: z.array(chapterLeftOutSchema),
});
export type ReviewState = z.infer<typeof reviewStateSchema>;
export const reviewStateResponseSchema = z.object({ reviewState: reviewStateSchema });

/**
 * A publish request's body. `acknowledgeUnreviewed` repeats the totals the administrator was
 * shown and confirmed; a request is refused when more is unreviewed now than it acknowledges.
 * Absent (or no body): nothing may be unreviewed.
 */
export const publishBodySchema = z
  .object({ acknowledgeUnreviewed: unreviewedCountsSchema.optional() })
  .strict();
export type PublishBody = z.infer<typeof publishBodySchema>;

export const publishingMessages = {
  reviewRequired:
    'This story has machine translations or glosses no one has reviewed, and this site requires a review before publishing',
  reviewRequiredHint:
    'Approve or edit them in the studio, or change "Unreviewed machine translations" in Settings.',
  confirmationNeeded: 'Part of this story has not been reviewed: confirm publishing it as it is',
  confirmationNeededHint: 'Publish from the dashboard, which lists what is unreviewed.',
  changedSinceConfirmation:
    'More of this story is unreviewed than when you confirmed: someone changed it meanwhile',
  changedSinceConfirmationHint: 'Look at the list again, then confirm.',
  settingsSaved: 'Publishing settings saved',
} as const;
