import { describe, expect, it } from 'vitest';
import { formatBytes } from './format-bytes';

describe('formatBytes', () => {
  it.each([
    [0, '0 bytes'],
    [1, '1 byte'],
    [820, '820 bytes'],
    [1536, '1.5 KB'],
    [4.2 * 1024 * 1024, '4.2 MB'],
    [250 * 1024 * 1024, '250 MB'],
    [1.5 * 1024 ** 3, '1.5 GB'],
    [Number.NaN, '0 bytes'],
  ])('%s → %s', (bytes, text) => {
    expect(formatBytes(bytes)).toBe(text);
  });
});
