import { z } from 'zod';
import {
  createDonationBodySchema,
  SUPPORT_CUSTOM_DESCRIPTION,
  type CreateDonationBody,
} from '#shared/contracts/support';

/**
 * The custom amount as typed: whole dollars in digits (no '1e2', no '2.5'), then the contract's
 * own amount rule (an integer from SUPPORT_CUSTOM_MIN to SUPPORT_CUSTOM_MAX).
 */
const customAmountSchema = z
  .string()
  .trim()
  .regex(/^\d+$/)
  .transform(Number)
  .pipe(createDonationBodySchema.shape.amount.unwrap());

/** The custom-amount form; what it sends is the donation body of a custom amount. */
export const customDonationFormSchema = z
  .object({ amount: customAmountSchema })
  .transform(({ amount }): CreateDonationBody => ({
    tier: 'custom',
    amount,
    description: SUPPORT_CUSTOM_DESCRIPTION,
  }));

/** The whole-dollar amount typed in the custom field, or null while it is not a valid one. */
export function customAmountFrom(input: string): number | null {
  const parsed = customAmountSchema.safeParse(input);
  return parsed.success ? parsed.data : null;
}
