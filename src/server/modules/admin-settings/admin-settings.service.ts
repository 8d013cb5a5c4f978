import type { FastifyBaseLogger } from 'fastify';
import {
  logoFilePath,
  PLATFORM_DEFAULTS,
  type AdminPaymentService,
  type HealthCheck,
  type HealthCheckItem,
  type Logo,
  type LogoInput,
  type PlatformSettings,
  type UpdatePaymentServiceBody,
} from '#shared/contracts/admin-settings';
import {
  DEFAULT_UNREVIEWED_POLICY,
  unreviewedPolicies,
  type PublishingSettings,
  type UnreviewedPolicy,
} from '#shared/contracts/publishing';
import type { PaymentServiceName } from '#shared/contracts/support';
import { PLATFORM_SETTING_KEYS } from '#shared/site-identity';
import type { AppConfig } from '../../config/env.ts';
import type { TransactionRunner } from '../../db/repository.ts';
import type { Actor } from '../../lib/actor.ts';
import type { AuditLog } from '../../lib/audit-log.repository.ts';
import type { ChangeNotices } from '../../lib/change-notices.ts';
import { validationError } from '../../lib/errors.ts';
import type { ObjectStorage } from '../../lib/storage/storage.ts';
import type { Viewer } from '../../lib/viewer.ts';
import type { SiteService } from '../site/site.service.ts';
import type { LogoRow, SiteRepository } from '../site/site.repository.ts';
import type { TranslationServicesStatus } from '../translate/translation-services-status.ts';
import type { AdminSettingsRepository, PaymentServiceRow } from './admin-settings.repository.ts';

/** A health check that has not answered by then counts as failed (a hung storage, a locked table). */
export const HEALTH_CHECK_TIMEOUT_MS = 5_000;

/** Platform settings are home_page_settings values (public through GET /api/site/settings). */
const platformKeys = PLATFORM_SETTING_KEYS satisfies Record<keyof PlatformSettings, string>;

/** The publishing setting is an admin_settings value: learners' pages do not carry it. */
const UNREVIEWED_POLICY_KEY = 'unreviewed_machine_output';

/** A stored value this version does not know (none is written so) reads as the default. */
const toPolicy = (value: string | undefined): UnreviewedPolicy =>
  unreviewedPolicies.find((policy) => policy === value) ?? DEFAULT_UNREVIEWED_POLICY;

export interface AdminSettingsDeps {
  settings: AdminSettingsRepository;
  /** The active logo, read as the public pages read it. */
  logo: Pick<SiteRepository, 'findActiveLogo'>;
  transaction: TransactionRunner;
  /** Every change of a setting is audited in its transaction (cache clears after the fact). */
  audit: AuditLog;
  storage: ObjectStorage;
  config: AppConfig;
  site: SiteService;
  /** "Clear Cache" drops every instance's copies of everything. */
  changes: Pick<ChangeNotices, 'announceAll'>;
  /** Which translation services serve the site, each asked for one word (decision 044). */
  translationServices: Pick<TranslationServicesStatus, 'check'>;
  log: FastifyBaseLogger;
  /** Tests only: a shorter limit than {@link HEALTH_CHECK_TIMEOUT_MS}. */
  healthCheckTimeoutMs?: number;
}

const toLogo = (row: LogoRow): Logo => ({
  id: row.id,
  logoUrl: row.logoUrl,
  altText: row.altText,
  createdAt: row.createdAt.toISOString(),
});

function isHttpUrl(value: unknown): value is string {
  if (typeof value !== 'string') return false;
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:';
  } catch {
    return false;
  }
}

async function within<T>(work: () => Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  try {
    return await Promise.race([work(), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

export function createAdminSettingsService(deps: AdminSettingsDeps) {
  const { settings, logo, transaction, audit, storage, config, site, changes, log } = deps;

  const entry = (actor: Actor, details: Record<string, unknown>) => ({
    userId: actor.userId,
    origin: actor.origin,
    details,
  });
  const healthCheckTimeoutMs = deps.healthCheckTimeoutMs ?? HEALTH_CHECK_TIMEOUT_MS;

  /** What a service needs before switching it on shows visitors a button. */
  function readiness(serviceName: PaymentServiceName, configuration: Record<string, unknown>) {
    if (serviceName === 'stripe') {
      if (config.payments.stripeSecretKey) {
        return { available: true, detail: 'Card payments through Stripe.' };
      }
      if (config.env !== 'production') {
        return {
          available: true,
          detail:
            'Card payments through the built-in test checkout (STRIPE_SECRET_KEY is not set).',
        };
      }
      return {
        available: false,
        detail: 'Needs STRIPE_SECRET_KEY before visitors can pay by card.',
      };
    }
    return isHttpUrl(configuration.url)
      ? { available: true, detail: `Online wallet page: ${configuration.url}` }
      : { available: false, detail: 'Needs PAYPAL_URL (the wallet page) before its button shows.' };
  }

  const toService = (row: PaymentServiceRow): AdminPaymentService => ({
    id: row.id,
    serviceName: row.serviceName,
    isEnabled: row.isEnabled,
    description:
      typeof row.configuration.description === 'string' ? row.configuration.description : null,
    ...readiness(row.serviceName, row.configuration),
  });

  async function check(
    name: string,
    work: () => Promise<string>,
    failure: string,
  ): Promise<HealthCheckItem> {
    try {
      return { ok: true, message: await within(work, healthCheckTimeoutMs) };
    } catch (error) {
      log.warn({ err: error, check: name }, 'health check failed');
      const reason =
        error instanceof Error && error.message.startsWith('no answer') ? error.message : null;
      return { ok: false, message: reason ? `${failure} (${reason})` : failure };
    }
  }

  return {
    async getLogo(): Promise<Logo | null> {
      const row = await logo.findActiveLogo();
      return row ? toLogo(row) : null;
    },

    /**
     * A new active logo row (the previous one is kept, inactive). A path under /api/files must
     * name an image that exists, or every visitor would get the fallback mark.
     */
    async updateLogo(input: LogoInput, actor: Actor): Promise<Logo> {
      const file = logoFilePath(input.logoUrl);
      if (file) {
        const info = await storage.head(file.bucket, file.key);
        if (!info) throw validationError('No file was found at this path');
        if (!info.contentType.startsWith('image/')) {
          throw validationError('The file at this path is not an image');
        }
      }
      const row = await transaction(async (tx) => {
        const created = await settings.in(tx).replaceActiveLogo(input);
        await audit
          .in(tx)
          .record({ action: 'logo_updated', ...entry(actor, { url: input.logoUrl }) });
        return created;
      });
      await site.invalidateSettings();
      return toLogo(row);
    },

    async getPlatformSettings(): Promise<PlatformSettings> {
      const values = await settings.readSettingValues(Object.values(platformKeys));
      return {
        platformName: values.get(platformKeys.platformName) || PLATFORM_DEFAULTS.platformName,
        platformDescription:
          values.get(platformKeys.platformDescription) ?? PLATFORM_DEFAULTS.platformDescription,
        supportEmail: values.get(platformKeys.supportEmail) ?? PLATFORM_DEFAULTS.supportEmail,
      };
    },

    async updatePlatformSettings(
      values: PlatformSettings,
      actor: Actor,
    ): Promise<PlatformSettings> {
      await transaction(async (tx) => {
        const before = await settings.in(tx).readSettingValues(Object.values(platformKeys));
        await settings.in(tx).writeSettingValues({
          [platformKeys.platformName]: values.platformName,
          [platformKeys.platformDescription]: values.platformDescription,
          [platformKeys.supportEmail]: values.supportEmail,
        });
        const changedFields = (Object.keys(platformKeys) as Array<keyof PlatformSettings>).filter(
          (field) => (before.get(platformKeys[field]) ?? '') !== values[field],
        );
        await audit.in(tx).record({
          action: 'platform_settings_updated',
          ...entry(actor, { name: values.platformName, changedFields }),
        });
      });
      await site.invalidateSettings();
      return values;
    },

    /**
     * Read from PostgreSQL each time (publishing is rare), so every instance applies a change at
     * once without a change notice.
     */
    async getPublishingSettings(): Promise<PublishingSettings> {
      return {
        unreviewedMachineOutput: toPolicy(await settings.readAdminSetting(UNREVIEWED_POLICY_KEY)),
      };
    },

    async updatePublishingSettings(
      values: PublishingSettings,
      actor: Actor,
    ): Promise<PublishingSettings> {
      await transaction(async (tx) => {
        const queries = settings.in(tx);
        const before = toPolicy(await queries.readAdminSetting(UNREVIEWED_POLICY_KEY));
        await queries.writeAdminSetting(UNREVIEWED_POLICY_KEY, values.unreviewedMachineOutput);
        await audit.in(tx).record({
          action: 'publishing_settings_updated',
          ...entry(actor, {
            unreviewed_machine_output: values.unreviewedMachineOutput,
            previous: before,
          }),
        });
      });
      return values;
    },

    async listPaymentServices(): Promise<AdminPaymentService[]> {
      return (await settings.listPaymentServices()).map(toService);
    },

    async updatePaymentService(
      serviceName: PaymentServiceName,
      body: UpdatePaymentServiceBody,
      actor: Actor,
    ): Promise<AdminPaymentService> {
      const row = await transaction(async (tx) => {
        const updated = await settings.in(tx).setPaymentServiceEnabled(serviceName, body.isEnabled);
        await audit.in(tx).record({
          action: 'payment_service_updated',
          ...entry(actor, { name: serviceName, isEnabled: body.isEnabled }),
        });
        return updated;
      });
      return toService(row);
    },

    /**
     * The spec's three checks (the caller's session, one story id, one object in audios) and
     * the translation services (decision 044): a configured service that fails makes the site
     * unhealthy; none configured is reported, not a failure.
     */
    async healthCheck(viewer: Viewer): Promise<HealthCheck> {
      const [authentication, database, storageCheck, translation] = await Promise.all([
        check(
          'authentication',
          async () => {
            if (!viewer.userId) throw new Error('no session');
            const email = await settings.findProfileEmail(viewer.userId);
            return email ? `Signed in as ${email}` : 'Session is valid';
          },
          'No valid session',
        ),
        check(
          'database',
          async () => {
            const id = await settings.selectOneStoryId();
            return id ? 'Database is reachable' : 'Database is reachable (no stories yet)';
          },
          'Database query failed',
        ),
        check(
          'storage',
          async () => {
            const keys = await storage.list('audios', { limit: 1 });
            return keys.length > 0
              ? 'Storage is reachable'
              : 'Storage is reachable (the audios bucket is empty)';
          },
          'Storage listing failed',
        ),
        deps.translationServices.check(),
      ]);
      return {
        healthy: authentication.ok && database.ok && storageCheck.ok && translation.ok,
        checkedAt: new Date().toISOString(),
        checks: { authentication, database, storage: storageCheck, translation },
      };
    },

    /**
     * Drops every instance's cached site settings, logo, tracking tags and story list (this one
     * at once, the others when the notice arrives).
     */
    async clearCaches(actor: Actor): Promise<void> {
      await changes.announceAll();
      await audit.record({ action: 'caches_cleared', ...entry(actor, {}) });
    },
  };
}

export type AdminSettingsService = ReturnType<typeof createAdminSettingsService>;
