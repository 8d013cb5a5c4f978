import type {
  SUPPORT_CUSTOM_DESCRIPTION,
  SUPPORT_CUSTOM_MAX,
  SUPPORT_CUSTOM_MIN,
} from '#shared/contracts/support';

/**
 * The custom-amount rules of `#shared/contracts/support`, restated without importing it (that
 * module builds zod schemas, which the home page's first load must not pay for); `satisfies`
 * keeps the values equal to the contract's.
 */
export const CUSTOM_AMOUNT_MIN = 1 satisfies typeof SUPPORT_CUSTOM_MIN;
export const CUSTOM_AMOUNT_MAX = 1000 satisfies typeof SUPPORT_CUSTOM_MAX;
export const CUSTOM_DESCRIPTION = 'Custom Support' satisfies typeof SUPPORT_CUSTOM_DESCRIPTION;

/** The whole-dollar amount typed in the custom field, or null while it is not a valid one. */
export function customAmountFrom(input: string): number | null {
  const trimmed = input.trim();
  if (!/^\d+$/.test(trimmed)) return null;
  const amount = Number.parseInt(trimmed, 10);
  return amount >= CUSTOM_AMOUNT_MIN && amount <= CUSTOM_AMOUNT_MAX ? amount : null;
}

/** `$7`, `$1,000`. */
export const formatDollars = (amount: number): string =>
  `$${amount.toLocaleString('en-US', { maximumFractionDigits: 2 })}`;
