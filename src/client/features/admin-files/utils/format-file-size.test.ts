import { describe, expect, it } from 'vitest';
import { formatFileSize } from './format-file-size';

describe('formatFileSize', () => {
  it('uses Bytes, KB, MB and GB with at most two decimals', () => {
    expect(formatFileSize(0)).toBe('0 Bytes');
    expect(formatFileSize(1)).toBe('1 Bytes');
    expect(formatFileSize(1023)).toBe('1023 Bytes');
    expect(formatFileSize(1024)).toBe('1 KB');
    expect(formatFileSize(1536)).toBe('1.5 KB');
    expect(formatFileSize(649_199)).toBe('633.98 KB');
    expect(formatFileSize(5 * 1024 * 1024)).toBe('5 MB');
    expect(formatFileSize(100 * 1024 * 1024 + 1)).toBe('100 MB');
    expect(formatFileSize(1.25 * 1024 ** 3)).toBe('1.25 GB');
  });

  it('stays in GB past a terabyte and answers 0 Bytes for nonsense', () => {
    expect(formatFileSize(2 * 1024 ** 4)).toBe('2048 GB');
    expect(formatFileSize(-5)).toBe('0 Bytes');
    expect(formatFileSize(Number.NaN)).toBe('0 Bytes');
  });
});
