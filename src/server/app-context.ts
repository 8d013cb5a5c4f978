import type { FastifyBaseLogger } from 'fastify';
import { lookupWord } from '#shared/lexicon/index';
import { siteIdentity } from '#shared/site-identity';
import type { AppConfig } from './config/env.ts';
import type { Database, DatabaseConnection } from './db/client.ts';
import { createExclusiveRunner } from './db/advisory-lock.ts';
import { createAuthAdapter } from './db/auth-adapter.ts';
import { readMigrationJournal } from './db/migration-journal.ts';
import { createNotifyChannel } from './db/notify-channel.ts';
import { createTransactionRunner, type TransactionRunner } from './db/repository.ts';
import { createAlignInThread } from './lib/alignment-thread/align-in-thread.ts';
import { createAuditLogRepository, type AuditLog } from './lib/audit-log.repository.ts';
import {
  CHANGES_CHANNEL,
  createChangeNotices,
  type ChangeNotice,
  type ChangeNotices,
} from './lib/change-notices.ts';
import { checkAudioTools } from './lib/audio/index.ts';
import { createFileStore, type FileStore } from './lib/file-store.ts';
import { createFileUploadsRepository } from './lib/file-uploads.repository.ts';
import { createJobQueue, JOBS_CHANNEL, type JobMessage } from './lib/jobs/job-queue.ts';
import { createJobWorker } from './lib/jobs/job-worker.ts';
import { createJobsRepository } from './lib/jobs/jobs.repository.ts';
import { createDevMailbox, createSmtpMailer, type Mailer } from './lib/mail/mailer.ts';
import { createStripeProvider } from './lib/payments/stripe-provider.ts';
import { createRateLimiter } from './lib/rate-limiter.ts';
import { createRateLimitsRepository } from './lib/rate-limits.repository.ts';
import type { ObjectStorage } from './lib/storage/storage.ts';
import { createAdminDashboardRepository } from './modules/admin/admin.repository.ts';
import { createAdminDashboardService } from './modules/admin/admin.service.ts';
import { createAdminAuditRepository } from './modules/admin-audit/admin-audit.repository.ts';
import { createAdminAuditService } from './modules/admin-audit/admin-audit.service.ts';
import { createAdminFilesRepository } from './modules/admin-files/admin-files.repository.ts';
import { createAdminFilesService } from './modules/admin-files/admin-files.service.ts';
import { createAdminInboxRepository } from './modules/admin-inbox/admin-inbox.repository.ts';
import { createAdminInboxService } from './modules/admin-inbox/admin-inbox.service.ts';
import { createAdminMigrationsRepository } from './modules/admin-migrations/admin-migrations.repository.ts';
import { createAdminMigrationsService } from './modules/admin-migrations/admin-migrations.service.ts';
import { createAdminSettingsRepository } from './modules/admin-settings/admin-settings.repository.ts';
import { createAdminSettingsService } from './modules/admin-settings/admin-settings.service.ts';
import { createAdminStoriesRepository } from './modules/admin-stories/admin-stories.repository.ts';
import { createAdminStoriesService } from './modules/admin-stories/admin-stories.service.ts';
import { createReviewStateReader } from './modules/admin-stories/review-state.ts';
import { createAdminSupportersRepository } from './modules/admin-supporters/admin-supporters.repository.ts';
import { createAdminSupportersService } from './modules/admin-supporters/admin-supporters.service.ts';
import { createAdminTagsRepository } from './modules/admin-tags/admin-tags.repository.ts';
import { createAdminTagsService } from './modules/admin-tags/admin-tags.service.ts';
import { createAdminUsersRepository } from './modules/admin-users/admin-users.repository.ts';
import { createAdminUsersService } from './modules/admin-users/admin-users.service.ts';
import { createAccountsRepository } from './modules/auth/accounts.repository.ts';
import { createAuthService } from './modules/auth/auth.service.ts';
import { createSessionsRepository } from './modules/auth/sessions.repository.ts';
import { createBookmarksRepository } from './modules/bookmarks/bookmarks.repository.ts';
import { createBookmarksService } from './modules/bookmarks/bookmarks.service.ts';
import { createReviewService } from './modules/review/review.service.ts';
import { createSavedItemsRepository } from './modules/saved-items/saved-items.repository.ts';
import { createSavedItemsService } from './modules/saved-items/saved-items.service.ts';
import { createClientLogService } from './modules/client-log/client-log.service.ts';
import { createDemoContentRepository } from './modules/content/demo-content.repository.ts';
import { createDemoContentService } from './modules/content/demo-content.service.ts';
import { createFilesService } from './modules/files/files.service.ts';
import { createImageVariants } from './modules/files/image-variants.ts';
import { createHealthRepository } from './modules/health/health.repository.ts';
import { createHealthService } from './modules/health/health.service.ts';
import { createDevMailboxRepository } from './modules/dev-mailbox/dev-mailbox.repository.ts';
import { createDevMailboxService } from './modules/dev-mailbox/dev-mailbox.service.ts';
import { createMeRepository } from './modules/me/me.repository.ts';
import { createMeService } from './modules/me/me.service.ts';
import {
  createPaymentsRepository,
  type PaymentsRepository,
} from './modules/payments/payments.repository.ts';
import { createPaymentsService } from './modules/payments/payments.service.ts';
import { createHistoryRepository } from './modules/history/history.repository.ts';
import { createHistoryService } from './modules/history/history.service.ts';
import { createPlacementRepository } from './modules/placement/placement.repository.ts';
import { createPlacementService } from './modules/placement/placement.service.ts';
import { createPracticeRepository } from './modules/practice/practice.repository.ts';
import { createPracticeService } from './modules/practice/practice.service.ts';
import { createSandboxProvider } from './modules/payments/sandbox-provider.ts';
import { createAchievementsRepository } from './modules/progress/achievements.repository.ts';
import { createListeningRepository } from './modules/progress/listening.repository.ts';
import { createProgressEvents, type ProgressMessage } from './modules/progress/progress-events.ts';
import { createProgressRepository } from './modules/progress/progress.repository.ts';
import { createProgressService } from './modules/progress/progress.service.ts';
import { createVocabularyRepository } from './modules/progress/vocabulary.repository.ts';
import { createVocabularyService } from './modules/progress/vocabulary.service.ts';
import { createContactRepository } from './modules/site/contact.repository.ts';
import { createContactService } from './modules/site/contact.service.ts';
import { createSiteRepository } from './modules/site/site.repository.ts';
import { createSiteService, type SiteService } from './modules/site/site.service.ts';
import { createStoriesRepository } from './modules/stories/stories.repository.ts';
import { createImportAlignments } from './modules/story-packages/import-alignments.ts';
import { createStoryPackagesRepository } from './modules/story-packages/story-packages.repository.ts';
import { createStoryPackagesService } from './modules/story-packages/story-packages.service.ts';
import { createAlignChapterJob } from './modules/studio/align-chapter.job.ts';
import { createAlignmentService } from './modules/studio/alignment.service.ts';
import { createChapterAudio } from './modules/studio/chapter-audio.ts';
import { createChapterQuestionsService } from './modules/studio/chapter-questions.service.ts';
import { createAdminJobsService } from './modules/studio/jobs.service.ts';
import { createStudioRepository } from './modules/studio/studio.repository.ts';
import { createTranslationMemory } from './modules/studio/translation-memory.ts';
import { createTranslationMemoryRepository } from './modules/studio/translation-memory.repository.ts';
import { createStudioService } from './modules/studio/studio.service.ts';
import { createTranscriptVersions } from './modules/studio/transcript-versions.ts';
import { createTranslationPrefill } from './modules/studio/translation-prefill.ts';
import { createStoriesService, type StoriesService } from './modules/stories/stories.service.ts';
import {
  createTranscriptLoader,
  type TranscriptLoader,
} from './modules/stories/transcript-loader.ts';
import { configuredProviders } from './modules/translate/configured-providers.ts';
import {
  createTranslationServicesStatus,
  type TranslationServicesStatus,
} from './modules/translate/translation-services-status.ts';
import {
  createTranslateService,
  type TranslateService,
} from './modules/translate/translate.service.ts';
import { createTranslationCacheRepository } from './modules/translate/translation-cache.repository.ts';

/**
 * The composition root (docs/architecture.md): every repository and service of the app is built
 * here, once per app, each by a factory of one shape, `createXRepository({ db })` or
 * `createXService({ …named dependencies })`. Route plugins receive the finished services through
 * `RouteContext` and build nothing themselves.
 */

export interface ServiceDependencies {
  config: AppConfig & { authSecret: string };
  database: DatabaseConnection;
  storage: ObjectStorage;
  mailer: Mailer;
  log: FastifyBaseLogger;
}

export type Services = ReturnType<typeof createServices>;

/** What every route plugin receives as its options. */
export interface RouteContext {
  services: Services;
  config: AppConfig;
  /** Only for streaming stored objects to the client (lib/storage/send-object.ts). */
  storage: ObjectStorage;
  /** Registers work to do when the app closes (ending live streams); returns its remover. */
  onShutdown(task: () => void): () => void;
}

/** Everything the app is built from; `app.context` for start-up tasks, scripts and tests. */
export interface AppContext extends RouteContext {
  database: DatabaseConnection;
  mailer: Mailer;
}

export function createMailer(
  config: AppConfig,
  database: DatabaseConnection,
  log: FastifyBaseLogger,
): Mailer {
  return config.smtpUrl
    ? createSmtpMailer(config.smtpUrl, config.mailFrom)
    : createDevMailbox({
        // The mailer is built before the services (they send mail), with its own table handle.
        messages: createDevMailboxRepository({ db: database.db }),
        log: (message) => log.info(message),
      });
}

/** The checkout providers the environment configures. */
function checkoutProviders(config: AppConfig, payments: PaymentsRepository) {
  const { stripeSecretKey, stripeWebhookSecret, stripeApiBase } = config.payments;
  return {
    stripe: stripeSecretKey
      ? createStripeProvider({
          secretKey: stripeSecretKey,
          webhookSecret: stripeWebhookSecret,
          apiBase: stripeApiBase,
        })
      : null,
    // A checkout that grants lifetime access without payment has no place in production.
    sandbox:
      config.env === 'production'
        ? null
        : createSandboxProvider({ payments, publicUrl: config.publicUrl }),
  };
}

/** A word's lemma when it is one of the top-2,000 words of the built-in lexicon. */
const topLemmaOf = (word: string) => lookupWord(word)?.lemma ?? null;

/** Every repository: the only modules that write SQL (command-line scripts use them too). */
export function createRepositories(db: Database) {
  return {
    auditLog: createAuditLogRepository({ db }),
    rateLimits: createRateLimitsRepository({ db }),
    bookmarks: createBookmarksRepository({ db }),
    savedItems: createSavedItemsRepository({ db }),
    practice: createPracticeRepository({ db }),
    placement: createPlacementRepository({ db }),
    history: createHistoryRepository({ db }),
    stories: createStoriesRepository({ db }),
    progress: createProgressRepository({ db }),
    listening: createListeningRepository({ db }),
    vocabulary: createVocabularyRepository({ db }),
    achievements: createAchievementsRepository({ db }),
    translationCache: createTranslationCacheRepository({ db }),
    me: createMeRepository({ db }),
    site: createSiteRepository({ db }),
    contact: createContactRepository({ db }),
    accounts: createAccountsRepository({ db }),
    sessions: createSessionsRepository({ db }),
    payments: createPaymentsRepository({ db }),
    demoContent: createDemoContentRepository({ db }),
    health: createHealthRepository({ db }),
    fileUploads: createFileUploadsRepository({ db }),
    devMailbox: createDevMailboxRepository({ db }),
    adminDashboard: createAdminDashboardRepository({ db }),
    adminFiles: createAdminFilesRepository({ db }),
    // The one writer of story and chapter rows, passed to every service that writes them (058).
    adminStories: createAdminStoriesRepository({ db }),
    adminTags: createAdminTagsRepository({ db }),
    adminUsers: createAdminUsersRepository({ db }),
    adminSupporters: createAdminSupportersRepository({ db }),
    adminMigrations: createAdminMigrationsRepository({ db }),
    adminSettings: createAdminSettingsRepository({ db }),
    adminInbox: createAdminInboxRepository({ db }),
    adminAudit: createAdminAuditRepository({ db }),
    storyPackages: createStoryPackagesRepository({ db }),
    jobs: createJobsRepository({ db }),
    studio: createStudioRepository({ db }),
    translationMemory: createTranslationMemoryRepository({ db }),
  };
}

/**
 * The content studio (decision 021): transcript versions, the chapter's recording, the
 * alignment job and the editor's services, over one job queue whose worker this instance runs
 * (app.ts starts it once the server listens and stops it when the app closes).
 */
function createStudioServices(deps: {
  repositories: ReturnType<typeof createRepositories>;
  database: DatabaseConnection;
  storage: ObjectStorage;
  transcripts: TranscriptLoader;
  transaction: TransactionRunner;
  audit: AuditLog;
  translate: TranslateService;
  config: AppConfig;
  log: FastifyBaseLogger;
}) {
  const { repositories, database, storage, transcripts, transaction, audit, translate } = deps;
  const { config, log } = deps;
  const jobsChannel = () =>
    createNotifyChannel<JobMessage>({
      db: database.db,
      connectionString: database.connectionString,
      name: JOBS_CHANNEL,
      log,
    });
  const queue = createJobQueue({
    jobs: repositories.jobs,
    transaction,
    channel: jobsChannel(),
    log,
  });
  const memory = createTranslationMemory({
    memory: repositories.translationMemory,
    transcripts,
    transaction,
    log,
  });
  const versions = createTranscriptVersions({
    studio: repositories.studio,
    storyRows: repositories.adminStories,
    storage,
    transcripts,
    transaction,
    memory,
  });
  const audio = createChapterAudio({
    storage,
    studio: repositories.studio,
    maxSeconds: config.recordings.maxSeconds,
  });
  const prefill = createTranslationPrefill({ translate, memory });
  // Off the event loop, so learners are answered while a chapter aligns (decision 053).
  const align = createAlignInThread(config.alignment);
  const worker = createJobWorker({
    jobs: repositories.jobs,
    channel: jobsChannel(),
    handlers: {
      'align-chapter': createAlignChapterJob({
        studio: repositories.studio,
        audio,
        align,
        prefill,
        versions,
        audit,
      }),
    },
    options: config.jobs,
    log,
  });
  return {
    queue,
    worker,
    versions,
    studio: createStudioService({
      studio: repositories.studio,
      versions,
      transcripts,
      audio,
      prefill,
      audit,
      translationServices: translate.providerNames,
    }),
    alignment: createAlignmentService({
      studio: repositories.studio,
      queue,
      transcripts,
      audio,
      align,
      audit,
    }),
    jobs: createAdminJobsService({ queue, audit }),
    chapterQuestions: createChapterQuestionsService({
      studio: repositories.studio,
      storyRows: repositories.adminStories,
      transcripts,
      transaction,
      audit,
    }),
  };
}

/** The admin area's services (every /api/admin screen), built from the same repositories. */
function createAdminServices(deps: {
  repositories: ReturnType<typeof createRepositories>;
  fileStore: FileStore;
  transaction: TransactionRunner;
  audit: AuditLog;
  storage: ObjectStorage;
  site: SiteService;
  stories: StoriesService;
  changes: ChangeNotices;
  studio: ReturnType<typeof createStudioServices>;
  transcripts: TranscriptLoader;
  translationServices: TranslationServicesStatus;
  config: AppConfig;
  log: FastifyBaseLogger;
}) {
  const { repositories, fileStore, transaction, audit, storage, site, stories, config, log } = deps;
  const settings = createAdminSettingsService({
    settings: repositories.adminSettings,
    logo: repositories.site,
    transaction,
    audit,
    storage,
    config,
    site,
    changes: deps.changes,
    translationServices: deps.translationServices,
    log,
  });
  return {
    studio: deps.studio.studio,
    alignment: deps.studio.alignment,
    jobs: deps.studio.jobs,
    chapterQuestions: deps.studio.chapterQuestions,
    dashboard: createAdminDashboardService({ dashboard: repositories.adminDashboard }),
    inbox: createAdminInboxService({ inbox: repositories.adminInbox, transaction, audit }),
    auditLog: createAdminAuditService({ audit: repositories.adminAudit }),
    files: createAdminFilesService({
      files: repositories.adminFiles,
      storyRows: repositories.adminStories,
      fileStore,
      storage,
      transaction,
      audit,
      stories,
      site,
      log,
      maxRecordingSeconds: config.recordings.maxSeconds,
    }),
    stories: createAdminStoriesService({
      stories: repositories.adminStories,
      publicStories: stories,
      transaction,
      audit,
      reviewStateOf: createReviewStateReader({ transcripts: deps.transcripts }),
      unreviewedPolicy: async () =>
        (await settings.getPublishingSettings()).unreviewedMachineOutput,
      alignments: deps.studio.alignment,
    }),
    storyPackages: createStoryPackagesService({
      packages: repositories.storyPackages,
      stories: repositories.adminStories,
      storage,
      transcripts: deps.transcripts,
      transaction,
      audit,
      startAlignment: createImportAlignments({ queue: deps.studio.queue }),
      limits: { maxRecordingSeconds: config.recordings.maxSeconds },
    }),
    tags: createAdminTagsService({ tags: repositories.adminTags, site, transaction, audit }),
    users: createAdminUsersService({
      users: repositories.adminUsers,
      transaction,
      audit,
      changes: deps.changes,
    }),
    supporters: createAdminSupportersService({ supporters: repositories.adminSupporters }),
    migrations: createAdminMigrationsService({
      migrations: repositories.adminMigrations,
      storage,
      transaction,
      audit,
      journal: () => readMigrationJournal(),
      log,
    }),
    settings,
  };
}

export function createServices({ config, database, storage, mailer, log }: ServiceDependencies) {
  const { db } = database;
  const repositories = createRepositories(db);
  const transaction = createTransactionRunner({ db });
  const transcripts = createTranscriptLoader({ storage });
  const audit = repositories.auditLog;
  const limiter = createRateLimiter({ rateLimits: repositories.rateLimits });
  const fileStore = createFileStore({ files: repositories.fileUploads, storage, transaction });
  // Changes other instances must see at once (settings, tags, the story list): decision 025.
  const changes = createChangeNotices({
    channel: createNotifyChannel<ChangeNotice>({
      db,
      connectionString: database.connectionString,
      name: CHANGES_CHANNEL,
      log,
    }),
    log,
  });
  const stories = createStoriesService({ stories: repositories.stories, transcripts, changes });
  const vocabulary = createVocabularyService({
    vocabulary: repositories.vocabulary,
    progress: repositories.progress,
    stories,
    transcripts,
    lemmaOf: topLemmaOf,
    placedLemmas: (userId) => repositories.placement.knownLemmas(userId),
  });
  const site = createSiteService({ site: repositories.site, changes, log });
  const progressEvents = createProgressEvents({
    channel: createNotifyChannel<ProgressMessage>({
      db,
      connectionString: database.connectionString,
      name: 'relatos_progress',
      log,
    }),
  });
  const translation = configuredProviders(config.translation, log);
  const translate = createTranslateService({
    cache: repositories.translationCache,
    preferences: repositories.me,
    stories,
    limiter,
    providers: translation.providers,
    log,
  });
  const translationServices = createTranslationServicesStatus(translation);
  const studio = createStudioServices({
    repositories,
    database,
    storage,
    transcripts,
    transaction,
    audit,
    translate,
    config,
    log,
  });
  const me = createMeService({
    me: repositories.me,
    achievements: repositories.achievements,
    listening: repositories.listening,
    storage,
    fileStore,
    fileUploads: repositories.fileUploads,
    transaction,
    translationLanguages: () => translate.targetLanguages(),
  });
  const savedItems = createSavedItemsService({
    savedItems: repositories.savedItems,
    stories,
    translate,
    limiter,
  });
  const admin = createAdminServices({
    repositories,
    fileStore,
    transaction,
    audit,
    storage,
    site,
    stories,
    changes,
    studio,
    transcripts,
    translationServices,
    config,
    log,
  });
  return {
    transaction,
    audit,
    limiter,
    /** Change notices between instances (app.ts starts and stops listening). */
    changes,
    translate,
    /** Which translation services serve this site (start-up log, health checks). */
    translationServices,
    /** Background jobs: the queue, and this instance's worker (started by app.ts on listen). */
    jobs: { queue: studio.queue, worker: studio.worker },
    transcriptVersions: studio.versions,
    stories,
    vocabulary,
    progressEvents,
    progress: createProgressService({
      progress: repositories.progress,
      achievements: repositories.achievements,
      stories,
      vocabulary,
      events: progressEvents,
      listening: repositories.listening,
    }),
    bookmarks: createBookmarksService({ bookmarks: repositories.bookmarks, stories }),
    savedItems,
    review: createReviewService({ savedItems: repositories.savedItems, transaction, limiter }),
    practice: createPracticeService({
      practice: repositories.practice,
      savedItems: repositories.savedItems,
      cards: savedItems,
      stories,
      transaction,
      limiter,
    }),
    history: createHistoryService({ history: repositories.history, vocabulary }),
    placement: createPlacementService({
      placements: repositories.placement,
      stories,
      vocabulary,
      limiter,
    }),
    me,
    payments: createPaymentsService({
      payments: repositories.payments,
      transaction,
      publicUrl: config.publicUrl,
      ...checkoutProviders(config, repositories.payments),
      audit,
      limiter,
      log,
    }),
    demoContent: createDemoContentService({
      content: repositories.demoContent,
      fileUploads: repositories.fileUploads,
      storage,
      transaction,
      exclusive: createExclusiveRunner(database),
      // Bundled story packages are imported as an administrator's would be (decision 049).
      packages: admin.storyPackages,
      stories: repositories.adminStories,
    }),
    health: createHealthService({
      health: repositories.health,
      storage,
      checkAudioTools,
      translationServices: translationServices.names,
    }),
    files: createFilesService({ images: createImageVariants({ storage }) }),
    clientLog: createClientLogService({ log }),
    site,
    contact: createContactService({ contact: repositories.contact, limiter }),
    auth: createAuthService({
      accounts: repositories.accounts,
      sessions: repositories.sessions,
      changes,
      exclusive: createExclusiveRunner(database),
      database: createAuthAdapter({ db }),
      secret: config.authSecret,
      publicUrl: config.publicUrl,
      mailer,
      limiter,
      audit,
      adminEmail: config.adminEmail,
      siteName: async () =>
        siteIdentity((await site.getSettings().catch(() => undefined))?.values).name,
      removeAvatarFile: (avatarUrl) => me.removeAvatarFile(avatarUrl),
      log,
    }),
    devMailbox: createDevMailboxService({
      messages: repositories.devMailbox,
      configuredToken: config.devMailbox.token,
    }),
    admin,
  };
}
