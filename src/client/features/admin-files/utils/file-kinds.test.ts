import { describe, expect, it } from 'vitest';
import { categoryOf, filterFiles } from './file-kinds';

const files = [
  { originalFilename: 'Capítulo 1.m4a', fileType: 'audio/x-m4a' },
  { originalFilename: 'cover.png', fileType: 'image/png' },
  { originalFilename: 'capitulo-1.json', fileType: 'application/json' },
  { originalFilename: 'notes.txt', fileType: 'text/plain' },
  { originalFilename: 'clip.mp4', fileType: 'video/mp4' },
];

describe('file kinds', () => {
  it('sorts types by prefix', () => {
    expect(categoryOf('audio/mpeg')).toBe('audio');
    expect(categoryOf('application/pdf')).toBe('document');
    expect(categoryOf('font/woff2')).toBe('other');
  });

  it('filters by type and by file name, ignoring case', () => {
    const names = (type: Parameters<typeof filterFiles>[1]['type'], search = '') =>
      filterFiles(files, { type, search }).map((file) => file.originalFilename);
    expect(names('all')).toHaveLength(5);
    expect(names('document')).toEqual(['capitulo-1.json', 'notes.txt']);
    expect(names('video')).toEqual(['clip.mp4']);
    expect(names('all', 'CAPÍ')).toEqual(['Capítulo 1.m4a']);
    expect(names('audio', 'cover')).toEqual([]);
  });
});
