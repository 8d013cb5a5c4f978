import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from './config/env.ts';
import type { DatabaseConnection } from './db/client.ts';
import { createAuditLog } from './lib/audit-log.ts';
import { createDevMailbox, createSmtpMailer, type Mailer } from './lib/mail/mailer.ts';
import { createRateLimiter } from './lib/rate-limiter.ts';
import type { ObjectStorage } from './lib/storage/storage.ts';
import { createAuthService } from './modules/auth/auth.service.ts';
import { createMeService } from './modules/me/me.service.ts';
import { createStoriesService } from './modules/stories/stories.service.ts';

/** Everything a route needs, built once per app. */
export interface AppContext {
  config: AppConfig;
  database: DatabaseConnection;
  storage: ObjectStorage;
  mailer: Mailer;
  services: ReturnType<typeof createServices>;
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

export function createServices(
  config: AppConfig & { authSecret: string },
  database: DatabaseConnection,
  storage: ObjectStorage,
  mailer: Mailer,
  log: FastifyBaseLogger,
) {
  const { db } = database;
  const audit = createAuditLog(db);
  return {
    audit,
    stories: createStoriesService(db),
    me: createMeService(db, storage),
    auth: createAuthService({
      db,
      secret: config.authSecret,
      publicUrl: config.publicUrl,
      mailer,
      limiter: createRateLimiter(db),
      audit,
      adminEmail: config.adminEmail,
      log,
    }),
  };
}
