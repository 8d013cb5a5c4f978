import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from './config/env.ts';
import type { DatabaseConnection } from './db/client.ts';
import { createAuditLog } from './lib/audit-log.ts';
import { createDevMailbox, createSmtpMailer, type Mailer } from './lib/mail/mailer.ts';
import { createRateLimiter } from './lib/rate-limiter.ts';
import type { ObjectStorage } from './lib/storage/storage.ts';
import { createAuthService } from './modules/auth/auth.service.ts';
import { createMeService } from './modules/me/me.service.ts';
import { createPaymentsService } from './modules/payments/payments.service.ts';
import { createProgressEvents } from './modules/progress/progress-events.ts';
import { createProgressService } from './modules/progress/progress.service.ts';
import { createVocabularyService } from './modules/progress/vocabulary.service.ts';
import { createSiteService } from './modules/site/site.service.ts';
import { createStoriesService } from './modules/stories/stories.service.ts';
import type { TranscriptLoader } from './modules/stories/transcript-loader.ts';
import { lookupWord } from '#shared/lexicon/index';
import {
  apertiumProvider,
  deeplProvider,
  libreTranslateProvider,
  type TranslationProvider,
} from './modules/translate/providers.ts';
import { createTranslateService } from './modules/translate/translate.service.ts';

/** Everything a route needs, built once per app. */
export interface AppContext {
  config: AppConfig;
  database: DatabaseConnection;
  storage: ObjectStorage;
  mailer: Mailer;
  transcripts: TranscriptLoader;
  services: ReturnType<typeof createServices>;
  /** Registers work to do when the app closes (ending live streams); returns its remover. */
  onShutdown(task: () => void): () => void;
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

/** A word's lemma when it is one of the top-2,000 words of the built-in lexicon. */
const topLemmaOf = (word: string) => lookupWord(word)?.lemma ?? null;

export function createServices(
  config: AppConfig & { authSecret: string },
  database: DatabaseConnection,
  storage: ObjectStorage,
  transcripts: TranscriptLoader,
  mailer: Mailer,
  log: FastifyBaseLogger,
) {
  const { db } = database;
  const audit = createAuditLog(db);
  const stories = createStoriesService(db);
  const vocabulary = createVocabularyService(db, transcripts, topLemmaOf);
  const events = createProgressEvents(db, database.connectionString, log);
  const limiter = createRateLimiter(db);
  return {
    audit,
    limiter,
    translate: createTranslateService({
      db,
      stories,
      transcripts,
      providers: translationProviders(config.translation),
    }),
    stories,
    vocabulary,
    events,
    progress: createProgressService({ db, stories, vocabulary, events }),
    me: createMeService(db, storage),
    payments: createPaymentsService({ db, config, audit, limiter, log }),
    site: createSiteService(db),
    auth: createAuthService({
      db,
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
