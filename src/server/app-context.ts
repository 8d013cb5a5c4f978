import type { FastifyBaseLogger } from 'fastify';
import { lookupWord } from '#shared/lexicon/index';
import type { AppConfig } from './config/env.ts';
import type { Database, DatabaseConnection } from './db/client.ts';
import { createExclusiveRunner } from './db/advisory-lock.ts';
import { createAuthAdapter } from './db/auth-adapter.ts';
import { createNotifyChannel } from './db/notify-channel.ts';
import { createTransactionRunner } from './db/repository.ts';
import { createAuditLogRepository } from './lib/audit-log.repository.ts';
import { createDevMailbox, createSmtpMailer, type Mailer } from './lib/mail/mailer.ts';
import { createStripeProvider } from './lib/payments/stripe-provider.ts';
import { createRateLimiter } from './lib/rate-limiter.ts';
import { createRateLimitsRepository } from './lib/rate-limits.repository.ts';
import type { ObjectStorage } from './lib/storage/storage.ts';
import { createAccountsRepository } from './modules/auth/accounts.repository.ts';
import { createAuthService } from './modules/auth/auth.service.ts';
import { createBookmarksRepository } from './modules/bookmarks/bookmarks.repository.ts';
import { createBookmarksService } from './modules/bookmarks/bookmarks.service.ts';
import { createClientLogService } from './modules/client-log/client-log.service.ts';
import { createDemoContentRepository } from './modules/content/demo-content.repository.ts';
import { createDemoContentService } from './modules/content/demo-content.service.ts';
import { createFilesService } from './modules/files/files.service.ts';
import { createImageVariants } from './modules/files/image-variants.ts';
import { createHealthRepository } from './modules/health/health.repository.ts';
import { createHealthService } from './modules/health/health.service.ts';
import { createMeRepository } from './modules/me/me.repository.ts';
import { createMeService } from './modules/me/me.service.ts';
import {
  createPaymentsRepository,
  type PaymentsRepository,
} from './modules/payments/payments.repository.ts';
import { createPaymentsService } from './modules/payments/payments.service.ts';
import { createSandboxProvider } from './modules/payments/sandbox-provider.ts';
import { createAchievementsRepository } from './modules/progress/achievements.repository.ts';
import { createProgressEvents, type ProgressMessage } from './modules/progress/progress-events.ts';
import { createProgressRepository } from './modules/progress/progress.repository.ts';
import { createProgressService } from './modules/progress/progress.service.ts';
import { createVocabularyRepository } from './modules/progress/vocabulary.repository.ts';
import { createVocabularyService } from './modules/progress/vocabulary.service.ts';
import { createContactRepository } from './modules/site/contact.repository.ts';
import { createContactService } from './modules/site/contact.service.ts';
import { createSiteRepository } from './modules/site/site.repository.ts';
import { createSiteService } from './modules/site/site.service.ts';
import { createStoriesRepository } from './modules/stories/stories.repository.ts';
import { createStoriesService } from './modules/stories/stories.service.ts';
import {
  createTranscriptLoader,
  type TranscriptLoader,
} from './modules/stories/transcript-loader.ts';
import {
  apertiumProvider,
  deeplProvider,
  libreTranslateProvider,
  type TranslationProvider,
} from './modules/translate/providers.ts';
import { createTranslateService } from './modules/translate/translate.service.ts';
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
  transcripts: TranscriptLoader;
}

export function createMailer(
  config: AppConfig,
  database: DatabaseConnection,
  log: FastifyBaseLogger,
): Mailer {
  return config.smtpUrl
    ? createSmtpMailer(config.smtpUrl, config.mailFrom)
    : createDevMailbox(database.db, (message) => log.info(message));
}

/** Machine-translation providers configured by the environment, in the order they are tried. */
function translationProviders(settings: AppConfig['translation']): TranslationProvider[] {
  const providers: TranslationProvider[] = [];
  if (settings.apertium) providers.push(apertiumProvider());
  if (settings.libreTranslateUrl) {
    providers.push(
      libreTranslateProvider(settings.libreTranslateUrl, settings.libreTranslateApiKey),
    );
  }
  if (settings.deeplApiKey)
    providers.push(deeplProvider(settings.deeplApiKey, settings.deeplApiUrl));
  return providers;
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
    stories: createStoriesRepository({ db }),
    progress: createProgressRepository({ db }),
    vocabulary: createVocabularyRepository({ db }),
    achievements: createAchievementsRepository({ db }),
    translationCache: createTranslationCacheRepository({ db }),
    me: createMeRepository({ db }),
    site: createSiteRepository({ db }),
    contact: createContactRepository({ db }),
    accounts: createAccountsRepository({ db }),
    payments: createPaymentsRepository({ db }),
    demoContent: createDemoContentRepository({ db }),
    health: createHealthRepository({ db }),
  };
}

export function createServices({ config, database, storage, mailer, log }: ServiceDependencies) {
  const { db } = database;
  const repositories = createRepositories(db);
  const transaction = createTransactionRunner({ db });
  const transcripts = createTranscriptLoader({ storage });
  const audit = repositories.auditLog;
  const limiter = createRateLimiter({ rateLimits: repositories.rateLimits });
  const stories = createStoriesService({ stories: repositories.stories, transcripts });
  const vocabulary = createVocabularyService({
    vocabulary: repositories.vocabulary,
    progress: repositories.progress,
    stories,
    transcripts,
    lemmaOf: topLemmaOf,
  });
  const progressEvents = createProgressEvents({
    channel: createNotifyChannel<ProgressMessage>({
      db,
      connectionString: database.connectionString,
      name: 'relatos_progress',
      log,
    }),
  });
  return {
    transaction,
    transcripts,
    audit,
    limiter,
    translate: createTranslateService({
      cache: repositories.translationCache,
      preferences: repositories.me,
      stories,
      limiter,
      providers: translationProviders(config.translation),
    }),
    stories,
    vocabulary,
    progressEvents,
    progress: createProgressService({
      progress: repositories.progress,
      achievements: repositories.achievements,
      stories,
      vocabulary,
      events: progressEvents,
    }),
    bookmarks: createBookmarksService({ bookmarks: repositories.bookmarks, stories }),
    me: createMeService({
      me: repositories.me,
      achievements: repositories.achievements,
      storage,
      transaction,
    }),
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
      storage,
      transaction,
      exclusive: createExclusiveRunner(database),
    }),
    health: createHealthService({ health: repositories.health, storage }),
    files: createFilesService({ images: createImageVariants({ storage }) }),
    clientLog: createClientLogService({ log }),
    site: createSiteService({ site: repositories.site }),
    contact: createContactService({ contact: repositories.contact, limiter }),
    auth: createAuthService({
      accounts: repositories.accounts,
      database: createAuthAdapter({ db }),
      secret: config.authSecret,
      publicUrl: config.publicUrl,
      mailer,
      limiter,
      audit,
      adminEmail: config.adminEmail,
      log,
    }),
  };
}
