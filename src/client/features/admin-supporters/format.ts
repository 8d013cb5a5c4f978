/**
 * Amounts are stored in cents (spec, section 9) and shown as amount / 100 in their currency. An
 * unknown currency code is shown after the number rather than failing the whole screen.
 */
export function formatMoney(cents: number, currency: string): string {
  const amount = cents / 100;
  try {
    return new Intl.NumberFormat('en-US', {
      style: 'currency',
      currency: currency.toUpperCase(),
    }).format(amount);
  } catch {
    return `${amount.toFixed(2)} ${currency.toUpperCase()}`;
  }
}

const dateFormat = new Intl.DateTimeFormat('en-US', {
  year: 'numeric',
  month: 'short',
  day: 'numeric',
});

/** 'Mar 1, 2026' in the viewer's time zone; '—' when there is no date. */
export const formatDate = (iso: string | null): string =>
  iso === null ? '—' : dateFormat.format(new Date(iso));
