import { desc, eq } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  AdminPaymentService,
  HealthCheck,
  Logo,
  PlatformSettings,
} from '#shared/contracts/admin-settings';
import type { SiteSettings } from '#shared/contracts/site';
import type { SupportStatus } from '#shared/contracts/support';
import {
  homePageSettings,
  logoSettings,
  paymentServices,
  securityAuditLog,
  stories,
} from '#server/db/schema';
import type { ObjectStorage } from '#server/lib/storage/storage';
import { createAdminSettingsRepository } from '#server/modules/admin-settings/admin-settings.repository';
import { createAdminSettingsService } from '#server/modules/admin-settings/admin-settings.service';
import { createSiteRepository } from '#server/modules/site/site.repository';
import { signedInUser } from './helpers/accounts.ts';
import { insertStory } from './helpers/fixtures.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';

/**
 * System Settings: logo, platform settings, payment service switches, the health check and the
 * server cache clear (support settings are covered by payments.test.ts).
 */

const PUBLIC_URL = 'http://localhost:3000';
let t: TestApp;
type User = Awaited<ReturnType<typeof signedInUser>>;
let admin: User;

beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL });
  admin = await signedInUser(t, { role: 'admin' });
});
afterAll(async () => {
  await t.close();
});

const call = (
  method: 'GET' | 'PUT' | 'PATCH' | 'POST',
  url: string,
  payload?: object,
  cookie: string | null = admin.cookie,
) =>
  t.app.inject({
    method,
    url,
    payload,
    headers: { ...(cookie ? { cookie } : {}), origin: PUBLIC_URL },
  });

const siteSettings = async () =>
  (await call('GET', '/api/site/settings', undefined, null)).json<SiteSettings>();
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

describe('logo', () => {
  it('starts with no logo (the app shows its default mark)', async () => {
    const res = await call('GET', '/api/admin/logo');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ logo: null });
  });

  it('makes an https logo the only active one and shows it on the site at once', async () => {
    // Warm the site settings cache first: the update must not wait for it to expire.
    expect((await siteSettings()).logo).toBeNull();

    const first = await call('PUT', '/api/admin/logo', {
      logoUrl: '  https://cdn.example.com/brand/logo.svg ',
      altText: ' Relatos ',
    });
    expect(first.statusCode).toBe(200);
    const firstLogo = first.json<{ logo: Logo }>().logo;
    expect(firstLogo).toMatchObject({
      logoUrl: 'https://cdn.example.com/brand/logo.svg',
      altText: 'Relatos',
    });
    expect((await siteSettings()).logo).toEqual({
      url: 'https://cdn.example.com/brand/logo.svg',
      altText: 'Relatos',
    });

    const second = await call('PUT', '/api/admin/logo', {
      logoUrl: 'https://cdn.example.com/brand/logo-2.png',
      altText: 'Relatos, stories in Spanish',
    });
    expect(second.statusCode).toBe(200);
    const rows = await t.database.db
      .select()
      .from(logoSettings)
      .orderBy(desc(logoSettings.createdAt));
    expect(rows.map((row) => [row.logoUrl, row.isActive])).toEqual([
      ['https://cdn.example.com/brand/logo-2.png', true],
      ['https://cdn.example.com/brand/logo.svg', false],
    ]);
    expect((await call('GET', '/api/admin/logo')).json<{ logo: Logo }>().logo).toMatchObject({
      logoUrl: 'https://cdn.example.com/brand/logo-2.png',
      altText: 'Relatos, stories in Spanish',
    });
    expect((await siteSettings()).logo?.url).toBe('https://cdn.example.com/brand/logo-2.png');
  });

  it('accepts one of our own public images under /api/files', async () => {
    await t.storage.put('uploads', 'branding/logo.png', PNG, 'image/png');
    const res = await call('PUT', '/api/admin/logo', {
      logoUrl: '/api/files/uploads/branding/logo.png',
      altText: 'Relatos',
    });
    expect(res.statusCode).toBe(200);
    expect((await siteSettings()).logo?.url).toBe('/api/files/uploads/branding/logo.png');
    // …and the address really serves the image.
    const image = await call('GET', '/api/files/uploads/branding/logo.png', undefined, null);
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
  });

  it.each([
    ['', 'Logo URL is required'],
    ['http://cdn.example.com/logo.png', 'https://'],
    ['javascript:alert(1)', 'https://'],
    ['data:image/png;base64,AAAA', 'https://'],
    ['//evil.example.com/logo.png', 'https://'],
    ['https://user:pass@cdn.example.com/logo.png', 'https://'],
    ['/images/logo.png', 'https://'],
    ['/api/files/audios/story/chapter.m4a', 'https://'],
    ['/api/files/uploads/../secret.png', 'https://'],
    ['/api/files/uploads/.hidden.png', 'https://'],
    ['/api/files/uploads/logo.png?x=1', 'https://'],
    [`https://cdn.example.com/${'a'.repeat(2050)}.png`, 'at most 2048'],
  ])('refuses the logo URL %j', async (logoUrl, message) => {
    const before = await t.database.db.select().from(logoSettings);
    const res = await call('PUT', '/api/admin/logo', { logoUrl, altText: 'Relatos' });
    expect(res.statusCode).toBe(400);
    expect(JSON.stringify(res.json().error)).toContain(message);
    expect(await t.database.db.select().from(logoSettings)).toHaveLength(before.length);
  });

  it('refuses a path where no file is stored, or a file that is not an image', async () => {
    const missing = await call('PUT', '/api/admin/logo', {
      logoUrl: '/api/files/uploads/branding/missing.png',
      altText: 'Relatos',
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error).toMatchObject({
      code: 'VALIDATION_ERROR',
      message: 'No file was found at this path',
    });

    await t.storage.put('uploads', 'branding/notes.txt', Buffer.from('hola'), 'text/plain');
    const text = await call('PUT', '/api/admin/logo', {
      logoUrl: '/api/files/uploads/branding/notes.txt',
      altText: 'Relatos',
    });
    expect(text.statusCode).toBe(400);
    expect(text.json().error.message).toBe('The file at this path is not an image');
  });

  it.each([
    [{ logoUrl: 'https://cdn.example.com/a.png', altText: '   ' }],
    [{ logoUrl: 'https://cdn.example.com/a.png', altText: 'a'.repeat(151) }],
    [{ logoUrl: 'https://cdn.example.com/a.png' }],
    [{ logoUrl: 'https://cdn.example.com/a.png', altText: 'Relatos', isActive: false }],
    [{ logoUrl: 42, altText: 'Relatos' }],
  ])('refuses the body %j', async (body) => {
    const res = await call('PUT', '/api/admin/logo', body);
    expect(res.statusCode).toBe(400);
  });
});

describe('platform settings', () => {
  it('reads the defaults, saves trimmed values and publishes them with the site settings', async () => {
    const initial = await call('GET', '/api/admin/platform-settings');
    expect(initial.statusCode).toBe(200);
    expect(initial.json()).toEqual({
      settings: { platformName: 'Relatos', platformDescription: '', supportEmail: '' },
    });

    const saved = await call('PUT', '/api/admin/platform-settings', {
      platformName: '  Relatos Audio ',
      platformDescription: 'Learn Spanish with audio stories.',
      supportEmail: ' Help@Relatos.Example ',
    });
    expect(saved.statusCode).toBe(200);
    const expected: PlatformSettings = {
      platformName: 'Relatos Audio',
      platformDescription: 'Learn Spanish with audio stories.',
      supportEmail: 'help@relatos.example',
    };
    expect(saved.json()).toEqual({ settings: expected });
    expect((await call('GET', '/api/admin/platform-settings')).json()).toEqual({
      settings: expected,
    });
    const rows = await t.database.db
      .select()
      .from(homePageSettings)
      .where(eq(homePageSettings.settingKey, 'platform_name'));
    expect(rows[0]?.settingValue).toBe('Relatos Audio');
    expect((await siteSettings()).values).toMatchObject({
      platform_name: 'Relatos Audio',
      support_email: 'help@relatos.example',
    });

    // An empty support email and description are allowed.
    const cleared = await call('PUT', '/api/admin/platform-settings', {
      ...expected,
      platformDescription: '',
      supportEmail: '',
    });
    expect(cleared.json().settings).toMatchObject({ platformDescription: '', supportEmail: '' });
  });

  it.each([
    [
      { platformName: '  ', platformDescription: '', supportEmail: '' },
      'Platform name is required',
    ],
    [{ platformName: 'a'.repeat(101), platformDescription: '', supportEmail: '' }, 'at most 100'],
    [
      { platformName: 'Relatos', platformDescription: 'a'.repeat(501), supportEmail: '' },
      'at most 500',
    ],
    [
      { platformName: 'Relatos', platformDescription: '', supportEmail: 'not-an-email' },
      'valid email',
    ],
    [{ platformName: 'Relatos', platformDescription: '' }, ''],
    [{ platformName: 'Relatos', platformDescription: '', supportEmail: '', extra: 1 }, ''],
  ])('refuses %j', async (body, message) => {
    const res = await call('PUT', '/api/admin/platform-settings', body);
    expect(res.statusCode).toBe(400);
    expect(JSON.stringify(res.json().error)).toContain(message);
  });
});

describe('payment services', () => {
  const list = async () =>
    (await call('GET', '/api/admin/payment-services')).json<{ services: AdminPaymentService[] }>()
      .services;

  it('lists stripe and paypal, switched off by default, with what each needs', async () => {
    const services = await list();
    expect(services.map((s) => [s.serviceName, s.isEnabled, s.description, s.available])).toEqual([
      ['stripe', false, 'Card payments', true],
      ['paypal', false, 'Online wallet', false],
    ]);
    expect(services[0]!.detail).toContain('built-in test checkout');
    expect(services[1]!.detail).toContain('PAYPAL_URL');
  });

  it('switches a service on and off, and the home page support section follows', async () => {
    const status = async () =>
      (await call('GET', '/api/support/status', undefined, null)).json<SupportStatus>();
    expect((await status()).card.enabled).toBe(false);

    const on = await call('PATCH', '/api/admin/payment-services/stripe', { isEnabled: true });
    expect(on.statusCode).toBe(200);
    expect(on.json<{ service: AdminPaymentService }>().service).toMatchObject({
      serviceName: 'stripe',
      isEnabled: true,
    });
    expect((await status()).card.enabled).toBe(true);
    const [row] = await t.database.db
      .select()
      .from(paymentServices)
      .where(eq(paymentServices.serviceName, 'stripe'));
    expect(row!.isEnabled).toBe(true);

    const off = await call('PATCH', '/api/admin/payment-services/stripe', { isEnabled: false });
    expect(off.json().service.isEnabled).toBe(false);
    expect((await status()).card.enabled).toBe(false);
  });

  it('shows the wallet page once it has an address', async () => {
    await t.database.db
      .update(paymentServices)
      .set({ configuration: { description: 'Online wallet', url: 'https://paypal.me/relatos' } })
      .where(eq(paymentServices.serviceName, 'paypal'));
    const paypal = (await list()).find((s) => s.serviceName === 'paypal')!;
    expect(paypal).toMatchObject({
      available: true,
      detail: 'Online wallet page: https://paypal.me/relatos',
    });
  });

  it.each([
    ['/api/admin/payment-services/venmo', { isEnabled: true }],
    ['/api/admin/payment-services/stripe', { isEnabled: 'yes' }],
    ['/api/admin/payment-services/stripe', {}],
    ['/api/admin/payment-services/stripe', { isEnabled: true, configuration: {} }],
  ])('refuses PATCH %s %j', async (url, body) => {
    expect((await call('PATCH', url, body)).statusCode).toBe(400);
  });
});

describe('health check', () => {
  it('reports the session, the database, the storage and the translation services, each with a message', async () => {
    const res = await call('GET', '/api/admin/health-check');
    expect(res.statusCode).toBe(200);
    const body = res.json<HealthCheck>();
    expect(body).toEqual({
      healthy: true,
      checkedAt: expect.any(String),
      checks: {
        authentication: { ok: true, message: `Signed in as ${admin.email}` },
        database: { ok: true, message: 'Database is reachable (no stories yet)' },
        storage: { ok: true, message: 'Storage is reachable (the audios bucket is empty)' },
        translation: {
          ok: true,
          message:
            'No translation service is configured: the studio fills glosses only (set TRANSLATE_APERTIUM, LIBRETRANSLATE_URL or DEEPL_API_KEY)',
        },
      },
    });
    expect(Date.now() - Date.parse(body.checkedAt)).toBeLessThan(60_000);
  });

  it('finds a story and an audio object when there are some', async () => {
    await insertStory(t.database.db);
    await t.storage.put('audios', 'health/a.m4a', Buffer.from('0000ftypM4A '), 'audio/mp4');
    const body = (await call('GET', '/api/admin/health-check')).json<HealthCheck>();
    expect(body.healthy).toBe(true);
    expect(body.checks.database.message).toBe('Database is reachable');
    expect(body.checks.storage.message).toBe('Storage is reachable');
    expect(await t.database.db.select({ id: stories.id }).from(stories)).not.toHaveLength(0);
  });

  it('reports a failing or silent storage as an issue instead of failing the request', async () => {
    const failing = {
      list: () => Promise.reject(new Error('bucket gone')),
    } as unknown as ObjectStorage;
    const hanging = {
      list: () => new Promise<string[]>(() => undefined),
    } as unknown as ObjectStorage;
    const serviceWith = (storage: ObjectStorage) =>
      createAdminSettingsService({
        settings: createAdminSettingsRepository({ db: t.database.db }),
        logo: createSiteRepository({ db: t.database.db }),
        transaction: t.app.context.services.transaction,
        audit: t.app.context.services.audit,
        storage,
        config: t.config,
        site: t.app.context.services.site,
        changes: t.app.context.services.changes,
        translationServices: t.app.context.services.translationServices,
        log: pino({ level: 'silent' }),
        healthCheckTimeoutMs: 200,
      });
    const viewer = { userId: admin.userId, role: 'admin' as const };

    const failed = await serviceWith(failing).healthCheck(viewer);
    expect(failed.healthy).toBe(false);
    expect(failed.checks.storage).toEqual({ ok: false, message: 'Storage listing failed' });
    expect(failed.checks.database.ok).toBe(true);

    const silent = await serviceWith(hanging).healthCheck(viewer);
    expect(silent.checks.storage).toEqual({
      ok: false,
      message: 'Storage listing failed (no answer within 200 ms)',
    });

    const anonymous = await serviceWith(failing).healthCheck({ userId: null, role: null });
    expect(anonymous.checks.authentication).toEqual({ ok: false, message: 'No valid session' });
  });
});

describe('cache clear', () => {
  it("drops this server's cached site settings", async () => {
    await siteSettings(); // cached now
    await t.database.db
      .insert(homePageSettings)
      .values({ settingKey: 'platform_name', settingValue: 'Written elsewhere' })
      .onConflictDoUpdate({
        target: homePageSettings.settingKey,
        set: { settingValue: 'Written elsewhere' },
      });
    expect((await siteSettings()).values.platform_name).not.toBe('Written elsewhere');

    const res = await call('POST', '/api/admin/cache/clear');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ cleared: true });
    expect((await siteSettings()).values.platform_name).toBe('Written elsewhere');
  });
});

describe('the audit log', () => {
  it('records who changed the platform settings, the logo, a payment service and cleared the caches', async () => {
    const since = new Date();
    await call('PUT', '/api/admin/platform-settings', {
      platformName: 'Audited',
      platformDescription: 'Described.',
      supportEmail: '',
    });
    await call('PUT', '/api/admin/logo', {
      logoUrl: 'https://cdn.example.com/audited.svg',
      altText: 'Audited',
    });
    await call('PATCH', '/api/admin/payment-services/paypal', { isEnabled: false });
    await call('POST', '/api/admin/cache/clear');
    const rows = await t.database.db
      .select()
      .from(securityAuditLog)
      .where(eq(securityAuditLog.userId, admin.userId))
      .orderBy(securityAuditLog.createdAt);
    const recent = rows.filter((row) => row.createdAt >= since);
    expect(recent.map((row) => row.action)).toEqual([
      'platform_settings_updated',
      'logo_updated',
      'payment_service_updated',
      'caches_cleared',
    ]);
    expect(recent[0]!.details).toMatchObject({
      name: 'Audited',
      changedFields: expect.arrayContaining(['platformName', 'platformDescription']),
    });
    expect(recent[1]!.details).toMatchObject({ url: 'https://cdn.example.com/audited.svg' });
    expect(recent[2]!.details).toMatchObject({ name: 'paypal', isEnabled: false });
  });
});

describe('access', () => {
  it.each([
    ['GET', '/api/admin/logo'],
    ['PUT', '/api/admin/logo'],
    ['GET', '/api/admin/platform-settings'],
    ['GET', '/api/admin/payment-services'],
    ['PATCH', '/api/admin/payment-services/stripe'],
    ['GET', '/api/admin/health-check'],
    ['POST', '/api/admin/cache/clear'],
  ] as const)('%s %s answers 403 to a learner', async (method, url) => {
    const learner = await signedInUser(t);
    expect((await call(method, url, undefined, learner.cookie)).statusCode).toBe(403);
  });
});
