import { describe, expect, it } from 'vitest';
import { formatDate, formatMoney } from './format';

describe('formatMoney', () => {
  it('shows cents divided by 100 in the currency', () => {
    expect(formatMoney(700, 'usd')).toBe('$7.00');
    expect(formatMoney(123456, 'usd')).toBe('$1,234.56');
    expect(formatMoney(1000, 'eur')).toBe('€10.00');
    expect(formatMoney(0, 'usd')).toBe('$0.00');
  });

  it('falls back to the code after the number for a currency Intl does not know', () => {
    expect(formatMoney(1550, 'not-a-currency')).toBe('15.50 NOT-A-CURRENCY');
  });
});

describe('formatDate', () => {
  it('formats a day and shows a dash without one', () => {
    expect(formatDate('2026-03-01T12:00:00.000Z')).toBe('Mar 1, 2026');
    expect(formatDate(null)).toBe('—');
  });
});
