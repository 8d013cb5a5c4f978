import { describe, expect, it } from 'vitest';
import { correctClientTime } from '../player/progress-rules.ts';
import { CLIENT_TIME_MAX, clientTimeSchema } from './client-time.ts';

describe('clientTimeSchema', () => {
  it('takes whole milliseconds from 0 to 1 January 2200', () => {
    for (const value of [0, 1, Date.now(), CLIENT_TIME_MAX])
      expect(clientTimeSchema.safeParse(value).success, String(value)).toBe(true);
    expect(new Date(CLIENT_TIME_MAX).toISOString()).toBe('2200-01-01T00:00:00.000Z');
  });

  it('refuses anything else', () => {
    for (const value of [-1, 0.5, CLIENT_TIME_MAX + 1, 8.64e15 + 1, Infinity, NaN, '1', null])
      expect(clientTimeSchema.safeParse(value).success, String(value)).toBe(false);
  });

  it('keeps every correction of an accepted reading a valid date', () => {
    const receivedAt = Date.now();
    for (const [recorded, sent] of [
      [0, CLIENT_TIME_MAX],
      [CLIENT_TIME_MAX, 0],
    ] as const) {
      const corrected = correctClientTime(recorded, sent, receivedAt);
      expect(Number.isNaN(corrected.getTime())).toBe(false);
      expect(() => corrected.toISOString()).not.toThrow();
    }
  });
});
