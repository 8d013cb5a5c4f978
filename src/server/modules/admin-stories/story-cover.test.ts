import { describe, expect, it } from 'vitest';
import { coverStateOf, storedImageOf } from './story-cover.ts';

describe('storedImageOf', () => {
  it('reads the bucket and key of our public image addresses', () => {
    expect(storedImageOf('/api/files/series-images/covers/a b.webp')).toEqual({
      bucket: 'series-images',
      key: 'covers/a b.webp',
    });
    expect(storedImageOf('/api/files/uploads/x.png')).toEqual({ bucket: 'uploads', key: 'x.png' });
  });

  it('names nothing for other addresses, empty keys and private buckets', () => {
    expect(storedImageOf('https://cdn.example.com/cover.jpg')).toBeUndefined();
    expect(storedImageOf('/api/files/series-images/')).toBeUndefined();
    expect(storedImageOf('/api/files/audios/a.m4a')).toBeUndefined();
  });
});

describe('coverStateOf', () => {
  const stored = new Set(['series-images/kept.webp']);

  it('is none without an address', () => {
    expect(coverStateOf(null, stored)).toBe('none');
    expect(coverStateOf('  ', stored)).toBe('none');
  });

  it('is present while the stored image exists, missing once it is gone', () => {
    expect(coverStateOf('/api/files/series-images/kept.webp', stored)).toBe('present');
    expect(coverStateOf('/api/files/series-images/gone.webp', stored)).toBe('missing');
    expect(coverStateOf('/api/files/uploads/kept.webp', stored)).toBe('missing');
  });

  it('counts an address of ours outside the image buckets as missing, one elsewhere as present', () => {
    expect(coverStateOf('/api/files/audios/kept.webp', stored)).toBe('missing');
    expect(coverStateOf('https://cdn.example.com/cover.jpg', stored)).toBe('present');
  });
});
