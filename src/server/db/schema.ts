import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  jsonb,
  numeric,
  pgEnum,
  pgTable,
  primaryKey,
  real,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import { roles } from '#shared/contracts/auth';
import { preferredLanguages, themes } from '#shared/contracts/me';
import { practiceKinds } from '#shared/practice/items';
import { reviewCardStates, savedItemKinds } from '#shared/contracts/saved-items';
import { contactCategories, trackingTagPositions, trackingTagTypes } from '#shared/contracts/site';
import { storyLevels, storyStatuses, type StoryLevel } from '#shared/contracts/stories';
import { paymentServiceNames, paymentStatuses } from '#shared/contracts/support';
import { buckets } from '#shared/files';
import { jobStatuses } from '#shared/contracts/jobs';
import { transcriptVersionSources } from '#shared/contracts/studio';
import { COMPREHENSION_LIMITS, type ChapterQuestion } from '#shared/contracts/comprehension';

/**
 * The one database schema of the product. Names follow the spec (snake_case tables and columns).
 * Constraints encode the spec's rules so that no code path can store what the spec forbids.
 */

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

// Every enum is built from the shared tuple the API contracts use: one list, one home.
export const storyLevel = pgEnum('story_level', storyLevels);
export const storyStatus = pgEnum('story_status', storyStatuses);
export const appRole = pgEnum('app_role', roles);
export const preferredLanguage = pgEnum('preferred_language', preferredLanguages);
export const themePreference = pgEnum('theme_preference', themes);
export const bucketName = pgEnum('bucket_name', buckets);
export const paymentServiceName = pgEnum('payment_service_name', paymentServiceNames);
export const paymentStatus = pgEnum('payment_status', paymentStatuses);
export const tagType = pgEnum('tag_type', trackingTagTypes);
export const tagPosition = pgEnum('tag_position', trackingTagPositions);
export const feedbackCategory = pgEnum('feedback_category', contactCategories);
export const jobStatus = pgEnum('job_status', jobStatuses);
export const savedItemKind = pgEnum('saved_item_kind', savedItemKinds);
export const reviewCardState = pgEnum('review_card_state', reviewCardStates);
export const practiceKind = pgEnum('practice_kind', practiceKinds);
export const transcriptVersionSource = pgEnum(
  'transcript_version_source',
  transcriptVersionSources,
);

// ---------------------------------------------------------------------------------------------
// Authentication (better-auth's core tables, under our own names)
// ---------------------------------------------------------------------------------------------

export const users = pgTable('users', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  email: varchar('email', { length: 254 }).notNull().unique(),
  emailVerified: boolean('email_verified').notNull().default(false),
  image: text('image'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    token: text('token').notNull().unique(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('sessions_user_id_idx').on(t.userId)],
);

export const accounts = pgTable(
  'accounts',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id').notNull(),
    providerId: text('provider_id').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    accessToken: text('access_token'),
    refreshToken: text('refresh_token'),
    idToken: text('id_token'),
    accessTokenExpiresAt: timestamp('access_token_expires_at', { withTimezone: true }),
    refreshTokenExpiresAt: timestamp('refresh_token_expires_at', { withTimezone: true }),
    scope: text('scope'),
    password: text('password'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('accounts_user_id_idx').on(t.userId)],
);

export const verifications = pgTable(
  'verifications',
  {
    id: text('id').primaryKey(),
    identifier: text('identifier').notNull(),
    value: text('value').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('verifications_identifier_idx').on(t.identifier)],
);

// ---------------------------------------------------------------------------------------------
// People
// ---------------------------------------------------------------------------------------------

export const profiles = pgTable('profiles', {
  id: text('id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  fullName: varchar('full_name', { length: 255 }),
  email: varchar('email', { length: 254 }).notNull(),
  avatarUrl: text('avatar_url'),
  createdAt: createdAt(),
});

export const userRoles = pgTable('user_roles', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  role: appRole('role').notNull().default('user'),
  createdAt: createdAt(),
});

export const userPreferences = pgTable(
  'user_preferences',
  {
    userId: text('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    playbackSpeed: numeric('playback_speed', { precision: 3, scale: 2, mode: 'number' })
      .notNull()
      .default(1),
    autoPlayNext: boolean('auto_play_next').notNull().default(false),
    showTranslations: boolean('show_translations').notNull().default(false),
    preferredLanguage: preferredLanguage('preferred_language').notNull().default('en'),
    theme: themePreference('theme').notNull().default('auto'),
    /** Practice grading counts accents as mistakes (decision 066); off: shown, not counted. */
    strictAccents: boolean('strict_accents').notNull().default(false),
    updatedAt: updatedAt(),
  },
  (t) => [
    check(
      'user_preferences_playback_speed_check',
      sql`${t.playbackSpeed} between 0.5 and 2 and mod(${t.playbackSpeed} * 100, 25) = 0`,
    ),
  ],
);

export const userMemberships = pgTable('user_memberships', {
  id: uuid('id').primaryKey().defaultRandom(),
  userId: text('user_id')
    .notNull()
    .unique()
    .references(() => users.id, { onDelete: 'cascade' }),
  hasLifetimeAccess: boolean('has_lifetime_access').notNull().default(false),
  grantedAt: timestamp('granted_at', { withTimezone: true }),
  membershipLevel: text('membership_level'),
});

export const userAchievements = pgTable(
  'user_achievements',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    earnedAt: timestamp('earned_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('user_achievements_user_key_idx').on(t.userId, t.key)],
);

// ---------------------------------------------------------------------------------------------
// Content
// ---------------------------------------------------------------------------------------------

/** A chapter as learners see it in a published revision. */
export interface PublishedChapter {
  id: string;
  title: string;
  position: number;
  duration: number | null;
  audioFileId: string;
  transcriptFileId: string;
  /** Its comprehension questions (decision 069); absent in revisions published before them. */
  questions?: ChapterQuestion[];
}

/** A story's content as it was published (stories.published_revision). */
export interface PublishedRevision {
  publishedAt: string;
  title: string;
  description: string | null;
  imageUrl: string | null;
  language: string;
  level: (typeof storyLevels)[number];
  newWordsCount: number;
  /** Only chapters with both audio and a transcript are ever published. */
  chapters: PublishedChapter[];
}

export const stories = pgTable(
  'stories',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    title: text('title').notNull(),
    /** Derived from the title on creation; unique; never changes. */
    slug: text('slug').notNull().unique(),
    description: text('description'),
    imageUrl: text('image_url'),
    language: text('language').notNull().default('Spanish'),
    level: storyLevel('level').notNull(),
    /**
     * Place in the library, 1..n without gaps or duplicates (decision 023). Unique through
     * `stories_position_unique`, DEFERRABLE INITIALLY DEFERRED, which drizzle cannot express: it
     * lives in migration 0006_story_positions.sql only.
     */
    position: integer('position').notNull().default(1),
    status: storyStatus('status').notNull().default('draft'),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    requiresLogin: boolean('requires_login').notNull().default(true),
    newWordsCount: integer('new_words_count').notNull().default(0),
    /**
     * What learners see of a published story (decision 021): its content and chapters as they were
     * when an administrator last published. The columns above and the chapter rows are the working
     * copy that administrators edit; null until the story is first published.
     */
    publishedRevision: jsonb('published_revision').$type<PublishedRevision>(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('stories_position_check', sql`${t.position} >= 1`),
    check('stories_new_words_count_check', sql`${t.newWordsCount} >= 0`),
    check('stories_title_check', sql`length(trim(${t.title})) > 0`),
    index('stories_status_position_idx').on(t.status, t.position),
  ],
);

export const chapters = pgTable(
  'chapters',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    storyId: uuid('story_id')
      .notNull()
      .references(() => stories.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    /**
     * Order within the story, 1..n: the working copy's chapters first, then the removed ones
     * (decision 023). Unique per story through `chapters_story_position_unique`, DEFERRABLE
     * INITIALLY DEFERRED: in migration 0006_story_positions.sql only (drizzle cannot express it).
     */
    position: integer('position').notNull(),
    /** Seconds; null when unknown. */
    duration: integer('duration'),
    /** Object key in the `audios` bucket; empty string when missing (spec). */
    audioFileId: text('audio_file_id').notNull().default(''),
    /** Object key in the `trans` bucket; empty string when missing (spec). */
    transcriptFileId: text('transcript_file_id').notNull().default(''),
    /**
     * Set when an administrator removes the chapter from the working copy while learners still see
     * it in the published revision; the row (and learners' progress on it) goes at the next publish.
     */
    removedAt: timestamp('removed_at', { withTimezone: true }),
    /**
     * The working copy's comprehension questions, in order (decision 069; checked by
     * chapterQuestionsSchema before they are stored). Learners read the published revision's.
     */
    questions: jsonb('questions').$type<ChapterQuestion[]>().notNull().default([]),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('chapters_position_check', sql`${t.position} >= 1`),
    check('chapters_duration_check', sql`${t.duration} is null or ${t.duration} >= 0`),
    check(
      'chapters_questions_check',
      sql`jsonb_typeof(${t.questions}) = 'array' and jsonb_array_length(${t.questions}) <= ${sql.raw(String(COMPREHENSION_LIMITS.questions))}`,
    ),
    index('chapters_story_position_idx').on(t.storyId, t.position),
  ],
);

export const fileUploads = pgTable(
  'file_uploads',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Generated stored name (the last segment of file_path). */
    filename: text('filename').notNull(),
    originalFilename: varchar('original_filename', { length: 255 }).notNull(),
    fileType: text('file_type').notNull(),
    fileSize: bigint('file_size', { mode: 'number' }).notNull(),
    bucketName: bucketName('bucket_name').notNull(),
    filePath: text('file_path').notNull(),
    uploadedBy: text('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
    uploadDate: timestamp('upload_date', { withTimezone: true }).notNull().defaultNow(),
    metadata: jsonb('metadata')
      .$type<{ public_url?: string } & Record<string, unknown>>()
      .notNull()
      .default({}),
  },
  (t) => [
    uniqueIndex('file_uploads_bucket_path_idx').on(t.bucketName, t.filePath),
    check('file_uploads_size_check', sql`${t.fileSize} >= 0`),
  ],
);

// ---------------------------------------------------------------------------------------------
// Learning
// ---------------------------------------------------------------------------------------------

export const userStoryProgress = pgTable(
  'user_story_progress',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    chapterId: uuid('chapter_id')
      .notNull()
      .references(() => chapters.id, { onDelete: 'cascade' }),
    progressPercentage: numeric('progress_percentage', { precision: 5, scale: 2, mode: 'number' })
      .notNull()
      .default(0),
    completed: boolean('completed').notNull().default(false),
    lastPositionSeconds: numeric('last_position_seconds', {
      precision: 10,
      scale: 3,
      mode: 'number',
    })
      .notNull()
      .default(0),
    lastAccessedAt: timestamp('last_accessed_at', { withTimezone: true }),
    /** The client's time of the save, corrected to server time: the newest save wins. */
    clientUpdatedAt: timestamp('client_updated_at', { withTimezone: true }),
    /**
     * When the chapter was first completed: the corrected client time of the save that completed
     * it (the profile's words known over time, decision 070). Null while not completed.
     */
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('user_story_progress_user_chapter_idx').on(t.userId, t.chapterId),
    index('user_story_progress_recent_idx').on(t.userId, t.lastAccessedAt),
    check('user_story_progress_percentage_check', sql`${t.progressPercentage} between 0 and 100`),
    check('user_story_progress_position_check', sql`${t.lastPositionSeconds} >= 0`),
  ],
);

export const userVocabularyProgress = pgTable(
  'user_vocabulary_progress',
  {
    userId: text('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    totalWordsLearned: integer('total_words_learned').notNull().default(0),
    storiesCompleted: integer('stories_completed').notNull().default(0),
    updatedAt: updatedAt(),
  },
  (t) => [
    check(
      'user_vocabulary_progress_counts_check',
      sql`${t.totalWordsLearned} >= 0 and ${t.storiesCompleted} >= 0`,
    ),
  ],
);

/**
 * Time actually listened, counted per listening session (one player visit, id made by the client):
 * the client reports the session's running total, the server keeps the largest report, so a retried
 * or late save never counts twice and replays count as listened time (decision 033).
 */
export const listeningSessions = pgTable(
  'listening_sessions',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    sessionId: uuid('session_id').notNull(),
    chapterId: uuid('chapter_id')
      .notNull()
      .references(() => chapters.id, { onDelete: 'cascade' }),
    listenedSeconds: numeric('listened_seconds', { precision: 10, scale: 3, mode: 'number' })
      .notNull()
      .default(0),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.sessionId] }),
    check('listening_sessions_seconds_check', sql`${t.listenedSeconds} >= 0`),
  ],
);

export const bookmarks = pgTable(
  'bookmarks',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    chapterId: uuid('chapter_id')
      .notNull()
      .references(() => chapters.id, { onDelete: 'cascade' }),
    positionSeconds: numeric('position_seconds', {
      precision: 10,
      scale: 3,
      mode: 'number',
    }).notNull(),
    segmentId: text('segment_id'),
    note: varchar('note', { length: 1000 }),
    /**
     * When the newest edit applied was made (decision 041): the client's time, corrected by its
     * clock offset; an edit made earlier (a device syncing late) never overwrites it.
     */
    editedAt: timestamp('edited_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('bookmarks_user_chapter_idx').on(t.userId, t.chapterId),
    check('bookmarks_position_check', sql`${t.positionSeconds} >= 0`),
  ],
);

/**
 * Words and sentences a learner saved (decision 035), copied from the published transcript when
 * saved, with their FSRS card: the review columns stay null until the first review. One item per
 * user and line (`word_id` '' for the sentence) or word: saving it again finds the same row.
 */
export const savedItems = pgTable(
  'saved_items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: savedItemKind('kind').notNull(),
    chapterId: uuid('chapter_id')
      .notNull()
      .references(() => chapters.id, { onDelete: 'cascade' }),
    segmentId: text('segment_id').notNull(),
    /** The word's id in the line; '' for a sentence (so the unique index covers both kinds). */
    wordId: text('word_id').notNull().default(''),
    text: text('text').notNull(),
    sentence: text('sentence').notNull(),
    sentenceTranslation: text('sentence_translation'),
    gloss: text('gloss'),
    /**
     * Whether the copied translation and gloss were machine-made, not reviewed by a person
     * (decision 043): learners see them marked. Items saved before this was kept say false.
     */
    sentenceTranslationByMachine: boolean('sentence_translation_by_machine')
      .notNull()
      .default(false),
    glossByMachine: boolean('gloss_by_machine').notNull().default(false),
    translationLanguage: text('translation_language').notNull().default('en'),
    startSeconds: numeric('start_seconds', { precision: 10, scale: 3, mode: 'number' }).notNull(),
    endSeconds: numeric('end_seconds', { precision: 10, scale: 3, mode: 'number' }).notNull(),
    createdAt: createdAt(),
    due: timestamp('due', { withTimezone: true }),
    cardState: reviewCardState('card_state'),
    stability: doublePrecision('stability'),
    difficulty: doublePrecision('difficulty'),
    reps: integer('reps').notNull().default(0),
    lapses: integer('lapses').notNull().default(0),
    learningSteps: integer('learning_steps').notNull().default(0),
    scheduledDays: integer('scheduled_days').notNull().default(0),
    lastReview: timestamp('last_review', { withTimezone: true }),
    /** The earliest review: which day the card stopped being new (the daily new-card limit). */
    firstReviewedAt: timestamp('first_reviewed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('saved_items_user_line_word_idx').on(t.userId, t.chapterId, t.segmentId, t.wordId),
    index('saved_items_user_created_idx').on(t.userId, t.createdAt),
    index('saved_items_user_due_idx').on(t.userId, t.due),
    check('saved_items_kind_word_check', sql`(${t.kind} = 'word') = (${t.wordId} <> '')`),
    check('saved_items_times_check', sql`${t.startSeconds} >= 0 and ${t.endSeconds} >= 0`),
  ],
);

/**
 * Every review answer, kept (decision 035): keyed by the client's answer id so a retried batch is
 * recorded once; `applied` says whether it moved the card (an answer older than the card's last
 * review is kept but does not).
 */
export const reviewLogs = pgTable(
  'review_logs',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    answerId: uuid('answer_id').notNull(),
    itemId: uuid('item_id')
      .notNull()
      .references(() => savedItems.id, { onDelete: 'cascade' }),
    rating: integer('rating').notNull(),
    /** The learner's time of rating, corrected to server time. */
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }).notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
    applied: boolean('applied').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.answerId] }),
    index('review_logs_item_idx').on(t.itemId, t.reviewedAt),
    check('review_logs_rating_check', sql`${t.rating} between 1 and 4`),
  ],
);

/**
 * Every answer to an exercise made from a chapter's audio (issue 25, decision 066), keyed by the
 * client's answer id so a batch sent again is recorded once. `word_id` is the word asked, '' for a
 * dictation; `card_id` the review card a wrong answer made or found (null when right, or when the
 * learner has since deleted that card).
 */
export const practiceAnswers = pgTable(
  'practice_answers',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    answerId: uuid('answer_id').notNull(),
    kind: practiceKind('kind').notNull(),
    chapterId: uuid('chapter_id')
      .notNull()
      .references(() => chapters.id, { onDelete: 'cascade' }),
    segmentId: text('segment_id').notNull(),
    wordId: text('word_id').notNull().default(''),
    correct: boolean('correct').notNull(),
    cardId: uuid('card_id').references(() => savedItems.id, { onDelete: 'set null' }),
    /** The learner's time of answering, corrected to server time. */
    answeredAt: timestamp('answered_at', { withTimezone: true }).notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.answerId] }),
    index('practice_answers_user_answered_idx').on(t.userId, t.answeredAt),
    check('practice_answers_kind_word_check', sql`(${t.kind} = 'dictation') = (${t.wordId} = '')`),
  ],
);

/** A learner's review settings; no row means the defaults. */
export const reviewSettings = pgTable(
  'review_settings',
  {
    userId: text('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    newCardsPerDay: integer('new_cards_per_day').notNull().default(20),
    updatedAt: updatedAt(),
  },
  (t) => [check('review_settings_new_cards_check', sql`${t.newCardsPerDay} between 0 and 500`)],
);

// ---------------------------------------------------------------------------------------------
// Site settings
// ---------------------------------------------------------------------------------------------

export const homePageSettings = pgTable('home_page_settings', {
  settingKey: text('setting_key').primaryKey(),
  settingValue: text('setting_value'),
  imageUrl: text('image_url'),
  updatedAt: updatedAt(),
});

export const supportSettings = pgTable('support_settings', {
  settingKey: text('setting_key').primaryKey(),
  settingValue: text('setting_value').notNull(),
  updatedAt: updatedAt(),
});

/**
 * Settings only administrators read (decision 043), unlike home_page_settings, whose values every
 * page carries. Read where they are used, so every instance sees a change at once.
 */
export const adminSettings = pgTable('admin_settings', {
  settingKey: text('setting_key').primaryKey(),
  settingValue: text('setting_value').notNull(),
  updatedAt: updatedAt(),
});

export const paymentServices = pgTable('payment_services', {
  id: uuid('id').primaryKey().defaultRandom(),
  serviceName: paymentServiceName('service_name').notNull().unique(),
  isEnabled: boolean('is_enabled').notNull().default(false),
  configuration: jsonb('configuration')
    .$type<{ description?: string; url?: string } & Record<string, unknown>>()
    .notNull()
    .default({}),
  updatedAt: updatedAt(),
});

export const logoSettings = pgTable('logo_settings', {
  id: uuid('id').primaryKey().defaultRandom(),
  logoUrl: text('logo_url').notNull(),
  altText: text('alt_text').notNull().default('Relatos'),
  isActive: boolean('is_active').notNull().default(true),
  createdAt: createdAt(),
});

export const trackingTags = pgTable(
  'tracking_tags',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tagName: text('tag_name').notNull(),
    tagType: tagType('tag_type').notNull(),
    tagId: text('tag_id'),
    scriptContent: text('script_content'),
    isActive: boolean('is_active').notNull().default(true),
    position: tagPosition('position').notNull().default('head'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [check('tracking_tags_name_check', sql`length(trim(${t.tagName})) > 0`)],
);

// ---------------------------------------------------------------------------------------------
// Payments
// ---------------------------------------------------------------------------------------------

export const userPayments = pgTable(
  'user_payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Kept (set to null) when the account is deleted: payment records outlive personal data. */
    userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
    amount: integer('amount').notNull(),
    currency: text('currency').notNull().default('usd'),
    paymentStatus: paymentStatus('payment_status').notNull().default('pending'),
    provider: text('provider').notNull(),
    checkoutSessionId: text('checkout_session_id').unique(),
    description: text('description'),
    /**
     * When the success page first said "access granted" for this payment: set once, so a reload
     * of that page (a replayed verify) does not announce it again.
     */
    grantAnnouncedAt: timestamp('grant_announced_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('user_payments_amount_check', sql`${t.amount} > 0`),
    index('user_payments_status_created_idx').on(t.paymentStatus, t.createdAt),
  ],
);

export const sandboxCheckoutStatus = pgEnum('sandbox_checkout_status', [
  'open',
  'complete',
  'expired',
]);

/**
 * The built-in sandbox provider's own checkout sessions (used when Stripe is not configured). They
 * are the provider's side of a payment, kept apart from user_payments exactly as Stripe keeps its
 * sessions, so fulfilment compares the same things whichever provider took the payment.
 */
export const paymentSandboxSessions = pgTable(
  'payment_sandbox_sessions',
  {
    id: text('id').primaryKey(),
    clientReferenceId: text('client_reference_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    amountTotal: integer('amount_total').notNull(),
    currency: text('currency').notNull().default('usd'),
    description: text('description').notNull(),
    status: sandboxCheckoutStatus('status').notNull().default('open'),
    successUrl: text('success_url').notNull(),
    cancelUrl: text('cancel_url').notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [check('payment_sandbox_sessions_amount_check', sql`${t.amountTotal} > 0`)],
);

// ---------------------------------------------------------------------------------------------
// Security and messages
// ---------------------------------------------------------------------------------------------

export const rateLimits = pgTable(
  'rate_limits',
  {
    identifier: text('identifier').notNull(),
    action: text('action').notNull(),
    attempts: integer('attempts').notNull().default(0),
    windowStart: timestamp('window_start', { withTimezone: true }).notNull().defaultNow(),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
  },
  (t) => [primaryKey({ columns: [t.identifier, t.action] })],
);

export const securityAuditLog = pgTable(
  'security_audit_log',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
    targetUserId: text('target_user_id').references(() => users.id, { onDelete: 'set null' }),
    action: text('action').notNull(),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    createdAt: createdAt(),
  },
  (t) => [
    index('security_audit_log_action_created_idx').on(t.action, t.createdAt),
    // The audit viewer pages newest first, over everything or one person's entries.
    index('security_audit_log_created_idx').on(t.createdAt),
    index('security_audit_log_user_created_idx').on(t.userId, t.createdAt),
  ],
);

/** Contact messages: the administrators' inbox. */
export const feedback = pgTable(
  'feedback',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
    name: varchar('name', { length: 255 }).notNull(),
    email: varchar('email', { length: 254 }).notNull(),
    category: feedbackCategory('category').notNull(),
    subject: varchar('subject', { length: 200 }).notNull(),
    message: varchar('message', { length: 5000 }).notNull(),
    createdAt: createdAt(),
    /** When an administrator marked the message handled; null while it is open. */
    handledAt: timestamp('handled_at', { withTimezone: true }),
    handledBy: text('handled_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [index('feedback_handled_created_idx').on(t.handledAt, t.createdAt)],
);

/**
 * The migration tracker's records (admin spec §3): what administrators noted they applied by hand,
 * with a rollback script. Kept here so that every administrator and browser sees the same list.
 */
export const migrationRecords = pgTable('migration_records', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: varchar('name', { length: 200 }).notNull(),
  description: varchar('description', { length: 2000 }).notNull().default(''),
  appliedAt: timestamp('applied_at', { withTimezone: true }).notNull(),
  rollbackSql: text('rollback_sql').notNull().default(''),
  recordedBy: text('recorded_by').references(() => users.id, { onDelete: 'set null' }),
  createdAt: createdAt(),
});

/** Facts about this installation, e.g. that the demo library was seeded once. */
export const appState = pgTable('app_state', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: updatedAt(),
});

/**
 * Single-use links (email confirmation, password reset). better-auth's own tokens are checked by
 * better-auth; this row is claimed atomically (UPDATE … RETURNING, its kind becoming `…:used`)
 * first, so a link works once even when two requests race, and a link opened again is known as used.
 */
export const authTokens = pgTable(
  'auth_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    kind: text('kind').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('auth_tokens_user_kind_idx').on(t.userId, t.kind)],
);

/**
 * Secrets the installation generated for itself, one row each, shared by every instance on this
 * database: the session-signing secret when AUTH_SECRET is not set (decision 029). Whoever can
 * read this table can forge sessions; set AUTH_SECRET to keep the secret out of the database.
 */
export const installationSecrets = pgTable('installation_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt: createdAt(),
});

/** Messages kept by the development mailbox when no SMTP_URL is set (never in production). */
export const devMailboxMessages = pgTable('dev_mailbox_messages', {
  id: uuid('id').primaryKey().defaultRandom(),
  to: text('to').notNull(),
  subject: text('subject').notNull(),
  text: text('text').notNull(),
  html: text('html').notNull(),
  createdAt: createdAt(),
});

/** The top-2,000 lemmas a chapter's transcript contains, computed once per transcript file. */
export const chapterVocabulary = pgTable('chapter_vocabulary', {
  chapterId: uuid('chapter_id')
    .primaryKey()
    .references(() => chapters.id, { onDelete: 'cascade' }),
  /** The transcript object key the lemmas were computed from; a new file recomputes them. */
  transcriptKey: text('transcript_key').notNull(),
  lemmas: text('lemmas').array().notNull(),
  /**
   * How often the chapter says each of `lemmas` (same order): with the two counts below, the share
   * of running words a learner knows (decision 071). Null for rows kept before they were counted.
   */
  lemmaCounts: integer('lemma_counts').array(),
  /** Every word of the transcript, as often as it is said. */
  runningWords: integer('running_words').notNull().default(0),
  /** Words of no lemma that every listener follows: names and numbers. */
  freeWords: integer('free_words').notNull().default(0),
  computedAt: timestamp('computed_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A learner's placement (decision 071), one per learner: a retake replaces it. `known_lemmas`
 * join the words the learner knows (decision 067).
 */
export const learnerPlacements = pgTable('learner_placements', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  level: storyLevel('level').notNull(),
  knownLemmas: text('known_lemmas').array().notNull(),
  /** The common words of the published stories when the test was taken. */
  siteWords: integer('site_words').notNull(),
  /** Blanks right of those asked, per level. */
  levels: jsonb('levels')
    .$type<Array<{ level: StoryLevel; right: number; asked: number }>>()
    .notNull(),
  takenAt: timestamp('taken_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Translations from the dictionary and external providers, shared by every instance. */
export const translationCache = pgTable('translation_cache', {
  key: text('key').primaryKey(),
  sourceLanguage: text('source_language').notNull(),
  targetLanguage: text('target_language').notNull(),
  text: varchar('text', { length: 5000 }).notNull(),
  translation: text('translation').notNull(),
  source: text('source').notNull(),
  createdAt: createdAt(),
});

// ---------------------------------------------------------------------------------------------
// Content studio (decision 021)
// ---------------------------------------------------------------------------------------------

/**
 * Long work done in the background by any instance: claimed with FOR UPDATE SKIP LOCKED, kept
 * alive by a heartbeat, taken over by another worker when the heartbeat stops (a restart).
 */
export const backgroundJobs = pgTable(
  'background_jobs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull().default({}),
    status: jobStatus('status').notNull().default('queued'),
    stage: text('stage').notNull().default('Waiting to start'),
    /** 0–1 of the whole job. */
    progress: real('progress').notNull().default(0),
    result: jsonb('result').$type<Record<string, unknown>>(),
    error: text('error'),
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull().default(3),
    cancelRequested: boolean('cancel_requested').notNull().default(false),
    /** The worker running it (instance and process), and when it last said it is alive. */
    lockedBy: text('locked_by'),
    heartbeatAt: timestamp('heartbeat_at', { withTimezone: true }),
    /** The chapter or story the job works on. */
    subjectId: uuid('subject_id'),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('background_jobs_progress_check', sql`${t.progress} between 0 and 1`),
    index('background_jobs_status_created_idx').on(t.status, t.createdAt),
    index('background_jobs_subject_idx').on(t.kind, t.subjectId, t.createdAt),
  ],
);

/** Every saved state of a chapter's transcript: the chapter points at the newest one's file. */
export const transcriptVersions = pgTable(
  'transcript_versions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    chapterId: uuid('chapter_id')
      .notNull()
      .references(() => chapters.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    /** Object key in the `trans` bucket. */
    fileKey: text('file_key').notNull(),
    source: transcriptVersionSource('source').notNull(),
    note: text('note'),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('transcript_versions_chapter_version_idx').on(t.chapterId, t.version),
    check('transcript_versions_version_check', sql`${t.version} >= 1`),
  ],
);

/**
 * The translation memory (decision 045): what each chapter's current transcript holds approved by
 * a person, offered first when another chapter lacks the same sentence's translation or the same
 * word's gloss. Derived data: a chapter's rows are replaced whenever its transcript changes
 * (transcript-versions.ts, in the same transaction) and read again when `transcript_file_id` no
 * longer names the chapter's transcript (one that got there another way: the demo library, an
 * upload). A deleted chapter takes its rows with it.
 */
export const translationMemoryChapters = pgTable('translation_memory_chapters', {
  chapterId: uuid('chapter_id')
    .primaryKey()
    .references(() => chapters.id, { onDelete: 'cascade' }),
  /** The transcript (object key in `trans`) the chapter's rows were read from; '' for none. */
  transcriptFileId: text('transcript_file_id').notNull(),
  indexedAt: timestamp('indexed_at', { withTimezone: true }).notNull().defaultNow(),
});

const memoryChapter = () =>
  uuid('chapter_id')
    .notNull()
    .references(() => translationMemoryChapters.chapterId, { onDelete: 'cascade' });

/** Approved sentence translations, by key (src/shared/studio/translation-memory.ts). */
export const translationMemorySentences = pgTable(
  'translation_memory_sentences',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    chapterId: memoryChapter(),
    /** Words lower-cased, names and numbers as slots; unbounded, so hash-indexed. */
    key: text('key').notNull(),
    text: text('text').notNull(),
    /** The names and numbers the slots stand for, in order. */
    slots: jsonb('slots').$type<string[]>().notNull(),
    translation: text('translation').notNull(),
  },
  (t) => [
    index('translation_memory_sentences_key_idx').using('hash', t.key),
    index('translation_memory_sentences_chapter_idx').on(t.chapterId),
  ],
);

/** Approved word glosses, by word form (lower-cased) and lemma, counted per chapter. */
export const translationMemoryGlosses = pgTable(
  'translation_memory_glosses',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    chapterId: memoryChapter(),
    form: text('form').notNull(),
    lemma: text('lemma'),
    gloss: text('gloss').notNull(),
    occurrences: integer('occurrences').notNull(),
  },
  (t) => [
    index('translation_memory_glosses_form_idx').using('hash', t.form),
    index('translation_memory_glosses_lemma_idx').using('hash', t.lemma),
    index('translation_memory_glosses_chapter_idx').on(t.chapterId),
    check('translation_memory_glosses_occurrences_check', sql`${t.occurrences} >= 1`),
  ],
);
