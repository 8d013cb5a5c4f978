import { z } from 'zod';

/**
 * Support payments (learner spec sections 2, 4, 8, 9; admin spec: user_payments,
 * user_memberships, payment_services). Amounts the client sends are whole dollars; the server
 * decides every amount in cents. The client's support section restates the few constants it needs
 * (checked with `satisfies`) so that zod stays out of the home page's first load.
 */

export const SUPPORT_CUSTOM_MIN = 1;
export const SUPPORT_CUSTOM_MAX = 1000;
export const SUPPORT_DESCRIPTION_MAX = 50;
/** The first tier when its settings are missing or invalid. */
export const SUPPORT_TIER_1_DEFAULTS = { amount: 7, description: 'Story Support' } as const;
export const SUPPORT_PRESET_TIERS = [
  { id: 'story_pack', amount: 15, description: 'Story Pack' },
  { id: 'champion', amount: 25, description: 'Champion' },
] as const;
/** What a custom donation is called when the client sends no description. */
export const SUPPORT_CUSTOM_DESCRIPTION = 'Custom Support';
/** Every payment grants this membership level (spec: all payments grant lifetime access). */
export const LIFETIME_MEMBERSHIP_LEVEL = 'lifetime';

export const supportTierIdSchema = z.enum(['tier_1', 'story_pack', 'champion']);
export type SupportTierId = z.infer<typeof supportTierIdSchema>;

export const paymentStatuses = ['pending', 'paid', 'failed', 'expired'] as const;
export const paymentStatusSchema = z.enum(paymentStatuses);
export type PaymentStatus = z.infer<typeof paymentStatusSchema>;

export const paymentServiceNames = ['stripe', 'paypal'] as const;
export const paymentServiceNameSchema = z.enum(paymentServiceNames);
export type PaymentServiceName = z.infer<typeof paymentServiceNameSchema>;

export const supportStatusResponseSchema = z.object({
  /** support_enabled is 'true' and the card or the wallet service is enabled. */
  enabled: z.boolean(),
  tiers: z.array(
    z.object({ id: supportTierIdSchema, amount: z.number().int(), description: z.string() }),
  ),
  /** Card checkout (Stripe, or the built-in sandbox when Stripe is not configured). */
  card: z.object({ enabled: z.boolean(), sandbox: z.boolean() }),
  /** The wallet provider's externally hosted page; enabled only when it has an address. */
  wallet: z.object({ enabled: z.boolean(), url: z.string().nullable() }),
});
export type SupportStatus = z.infer<typeof supportStatusResponseSchema>;

/** The spec's get_payment_service_status. */
export const paymentServiceStatusParamsSchema = z.object({ serviceName: paymentServiceNameSchema });
export const paymentServiceStatusResponseSchema = z.object({ is_enabled: z.boolean() });
export type PaymentServiceStatus = z.infer<typeof paymentServiceStatusResponseSchema>;

export const createDonationBodySchema = z
  .object({
    /** A tier id, or 'custom' with a whole-dollar amount. The server decides the cents. */
    tier: z.enum(['tier_1', 'story_pack', 'champion', 'custom']),
    /** Whole dollars, only with `custom` (a tier's amount comes from the server). */
    amount: z.number().int().min(SUPPORT_CUSTOM_MIN).max(SUPPORT_CUSTOM_MAX).optional(),
    /** Only with `custom`; a tier's description comes from the server. */
    description: z.string().trim().min(1).max(SUPPORT_DESCRIPTION_MAX).optional(),
  })
  .strict()
  .superRefine((body, context) => {
    if (body.tier === 'custom' && body.amount === undefined) {
      context.addIssue({
        code: 'custom',
        path: ['amount'],
        message: 'A custom donation needs a whole-dollar amount',
      });
    }
    if (body.tier !== 'custom' && (body.amount !== undefined || body.description !== undefined)) {
      context.addIssue({
        code: 'custom',
        path: ['amount'],
        message: 'A tier has its own amount and description',
      });
    }
  });
export type CreateDonationBody = z.infer<typeof createDonationBodySchema>;
export const createDonationResponseSchema = z.object({
  /** The checkout page, to open in a new tab. */
  url: z.string(),
  sessionId: z.string(),
});
export type CreateDonationResponse = z.infer<typeof createDonationResponseSchema>;

export const checkoutSessionIdSchema = z
  .string()
  .min(1)
  .max(255)
  .regex(/^[A-Za-z0-9_]+$/, 'Invalid session id');

export const verifyPaymentBodySchema = z.object({ session_id: checkoutSessionIdSchema }).strict();
export const verifyPaymentResponseSchema = z.object({
  payment_status: paymentStatusSchema,
  /** The amount recorded when the payment was created (never the one in the success URL). */
  amountCents: z.number().int(),
  /**
   * This payment is what granted lifetime access (whether this call or the provider's webhook
   * fulfilled it first), said in the first verify answer only (a reload of the success page gets
   * false); false too when the account already had lifetime access before it.
   */
  newlyGranted: z.boolean(),
});
export type VerifyPaymentResponse = z.infer<typeof verifyPaymentResponseSchema>;

export const sandboxSessionParamsSchema = z.object({ sessionId: checkoutSessionIdSchema });

export const webhookReceivedResponseSchema = z.object({ received: z.literal(true) });

/** support_settings as key/value strings (spec). */
export const supportSettingsSchema = z.object({
  support_enabled: z.enum(['true', 'false']),
  support_tier_1_amount: z.string(),
  support_tier_1_description: z.string(),
});
export const supportSettingsResponseSchema = z.object({ settings: supportSettingsSchema });

/** Admin spec: tier amount a whole number 1 to 1000, description at most 50 characters. */
export const updateSupportSettingsBodySchema = z
  .object({
    support_enabled: z.enum(['true', 'false']).optional(),
    support_tier_1_amount: z
      .number()
      .int()
      .min(SUPPORT_CUSTOM_MIN)
      .max(SUPPORT_CUSTOM_MAX)
      .optional(),
    support_tier_1_description: z.string().trim().min(1).max(SUPPORT_DESCRIPTION_MAX).optional(),
  })
  .strict();
export type UpdateSupportSettingsBody = z.infer<typeof updateSupportSettingsBodySchema>;
