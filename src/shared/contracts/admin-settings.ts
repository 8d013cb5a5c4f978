import { z } from 'zod';
import { messages } from '../messages.ts';
import { DEFAULT_SITE_NAME } from '../site-identity.ts';
import { isValidEmail } from '../validation/account-rules.ts';
import { paymentServiceNameSchema } from './support.ts';

/**
 * Admin System Settings (admin spec: Settings tab 'System Settings'; sections 3, 7 and 9).
 * Routes: src/server/modules/admin-settings. Support settings (switch and first tier) use
 * GET/PATCH /api/admin/support-settings of the payments module.
 *
 *   GET   /api/admin/logo                           → { logo } (the active logo, or null)
 *   PUT   /api/admin/logo                           body LogoInput → { logo } (the new active row)
 *   GET   /api/admin/platform-settings              → { settings }
 *   PUT   /api/admin/platform-settings              body PlatformSettings → { settings }
 *   GET   /api/admin/payment-services               → { services } (stripe, paypal)
 *   PATCH /api/admin/payment-services/:serviceName  body { isEnabled } → { service }
 *   GET   /api/admin/health-check                   → HealthCheck
 *   POST  /api/admin/cache/clear                    → { cleared: true } (every instance's caches)
 */

// --- logo -------------------------------------------------------------------------------------

export const LOGO_URL_MAX = 2048;
export const LOGO_ALT_MAX = 150;
/** Buckets whose files /api/files serves publicly (a logo must be visible to every visitor). */
export const LOGO_PATH_BUCKETS = ['series-images', 'uploads'] as const;

const SAFE_SEGMENT = /^[A-Za-z0-9_-][A-Za-z0-9._-]*$/;

export const logoUrlMessages = {
  required: 'Logo URL is required',
  tooLong: `Logo URL must be at most ${LOGO_URL_MAX} characters`,
  invalid: 'Logo URL must be an https:// address or a path under /api/files/',
} as const;

/**
 * Where a logo may come from: an https address, or one of our own public files
 * (`/api/files/<series-images|uploads>/<key>`). Returns the problem, or null when the URL is fine.
 */
export function logoUrlProblem(raw: string): string | null {
  const url = raw.trim();
  if (url === '') return logoUrlMessages.required;
  if (url.length > LOGO_URL_MAX) return logoUrlMessages.tooLong;
  if (url.startsWith('/')) return logoFilePath(url) ? null : logoUrlMessages.invalid;
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return logoUrlMessages.invalid;
  }
  if (parsed.protocol !== 'https:' || parsed.hostname === '') return logoUrlMessages.invalid;
  if (parsed.username !== '' || parsed.password !== '') return logoUrlMessages.invalid;
  return null;
}

/** The bucket and key of an `/api/files/…` logo path, or null when it is not one. */
export function logoFilePath(
  url: string,
): { bucket: (typeof LOGO_PATH_BUCKETS)[number]; key: string } | null {
  const match = /^\/api\/files\/([^/?#]+)\/([^?#]+)$/.exec(url);
  if (!match) return null;
  const bucket = LOGO_PATH_BUCKETS.find((name) => name === match[1]);
  const key = match[2]!;
  if (!bucket || !key.split('/').every((segment) => SAFE_SEGMENT.test(segment))) return null;
  return { bucket, key };
}

export const logoSchema = z.object({
  id: z.uuid(),
  logoUrl: z.string(),
  altText: z.string(),
  createdAt: z.iso.datetime(),
});
export type Logo = z.infer<typeof logoSchema>;
export const logoResponseSchema = z.object({ logo: logoSchema.nullable() });
export type LogoResponse = z.infer<typeof logoResponseSchema>;

export const logoInputSchema = z
  .object({
    logoUrl: z
      .string()
      .trim()
      .superRefine((url, context) => {
        const problem = logoUrlProblem(url);
        if (problem) context.addIssue({ code: 'custom', message: problem });
      }),
    altText: z
      .string()
      .trim()
      .min(1, 'Alt text is required')
      .max(LOGO_ALT_MAX, `Alt text must be at most ${LOGO_ALT_MAX} characters`),
  })
  .strict();
export type LogoInput = z.infer<typeof logoInputSchema>;

// --- platform settings ------------------------------------------------------------------------

export const PLATFORM_NAME_MAX = 100;
export const PLATFORM_DESCRIPTION_MAX = 500;
/** Visitors see these (src/shared/site-identity.ts) until the administrator sets their own. */
export const PLATFORM_DEFAULTS = {
  platformName: DEFAULT_SITE_NAME,
  platformDescription: '',
  supportEmail: '',
} as const;

export const platformSettingsSchema = z
  .object({
    platformName: z
      .string()
      .trim()
      .min(1, 'Platform name is required')
      .max(PLATFORM_NAME_MAX, `Platform name must be at most ${PLATFORM_NAME_MAX} characters`),
    platformDescription: z
      .string()
      .trim()
      .max(
        PLATFORM_DESCRIPTION_MAX,
        `Description must be at most ${PLATFORM_DESCRIPTION_MAX} characters`,
      ),
    /** Empty, or an address visitors can write to. */
    supportEmail: z
      .string()
      .trim()
      .toLowerCase()
      .refine((email) => email === '' || isValidEmail(email), messages.form.emailInvalid),
  })
  .strict();
export type PlatformSettings = z.infer<typeof platformSettingsSchema>;
export const platformSettingsResponseSchema = z.object({ settings: platformSettingsSchema });

// --- payment services -------------------------------------------------------------------------

export const adminPaymentServiceSchema = z.object({
  id: z.uuid(),
  serviceName: paymentServiceNameSchema,
  isEnabled: z.boolean(),
  description: z.string().nullable(),
  /** Whether switching it on shows a button to visitors (a provider or an address is set up). */
  available: z.boolean(),
  /** What it uses, or what it still needs, in a sentence. */
  detail: z.string(),
});
export type AdminPaymentService = z.infer<typeof adminPaymentServiceSchema>;
export const paymentServicesResponseSchema = z.object({
  services: z.array(adminPaymentServiceSchema),
});
export const paymentServiceParamsSchema = z.object({ serviceName: paymentServiceNameSchema });
export const updatePaymentServiceBodySchema = z.object({ isEnabled: z.boolean() }).strict();
export type UpdatePaymentServiceBody = z.infer<typeof updatePaymentServiceBodySchema>;
export const paymentServiceResponseSchema = z.object({ service: adminPaymentServiceSchema });

// --- system actions ---------------------------------------------------------------------------

export const healthCheckItemSchema = z.object({ ok: z.boolean(), message: z.string() });
export type HealthCheckItem = z.infer<typeof healthCheckItemSchema>;
export const healthCheckResponseSchema = z.object({
  /** Every check passed. */
  healthy: z.boolean(),
  checkedAt: z.iso.datetime(),
  checks: z.object({
    /** The caller's session. */
    authentication: healthCheckItemSchema,
    /** One story id selected. */
    database: healthCheckItemSchema,
    /** One object listed in the audios bucket. */
    storage: healthCheckItemSchema,
    /** Each translation service asked for one word; which ones serve, or that none does. */
    translation: healthCheckItemSchema,
  }),
});
export type HealthCheck = z.infer<typeof healthCheckResponseSchema>;

export const cacheClearResponseSchema = z.object({ cleared: z.literal(true) });
