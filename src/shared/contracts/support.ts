import { z } from 'zod';

export const SUPPORT_CUSTOM_MIN = 1;
export const SUPPORT_CUSTOM_MAX = 1000;
export const SUPPORT_PRESET_TIERS = [
  { amount: 15, description: 'Story Pack' },
  { amount: 25, description: 'Champion' },
] as const;

export const supportStatusResponseSchema = z.object({
  /** support_enabled is 'true' and the card or the wallet service is enabled. */
  enabled: z.boolean(),
  tiers: z.array(
    z.object({
      id: z.enum(['tier_1', 'story_pack', 'champion']),
      amount: z.number(),
      description: z.string(),
    }),
  ),
  card: z.object({ enabled: z.boolean() }),
  wallet: z.object({ enabled: z.boolean(), url: z.string().nullable() }),
});
export type SupportStatus = z.infer<typeof supportStatusResponseSchema>;

/** The spec's get_payment_service_status. */
export const paymentServiceStatusResponseSchema = z.object({ is_enabled: z.boolean() });

export const createDonationBodySchema = z
  .object({
    /** A tier id, or 'custom' with a whole-dollar amount. The server decides the cents. */
    tier: z.enum(['tier_1', 'story_pack', 'champion', 'custom']),
    amount: z.number().int().min(SUPPORT_CUSTOM_MIN).max(SUPPORT_CUSTOM_MAX).optional(),
    description: z.string().trim().max(50).optional(),
  })
  .strict();
export const createDonationResponseSchema = z.object({ url: z.string(), sessionId: z.string() });

export const verifyPaymentBodySchema = z
  .object({ session_id: z.string().min(1).max(255) })
  .strict();
export const verifyPaymentResponseSchema = z.object({
  payment_status: z.enum(['pending', 'paid', 'failed', 'expired']),
  /** Whether this verification granted lifetime access that was not held before. */
  newlyGranted: z.boolean(),
});
