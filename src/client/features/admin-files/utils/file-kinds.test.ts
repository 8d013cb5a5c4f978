import { describe, expect, it } from 'vitest';
import { categoryOf, chapterLinks, filterFiles, usageOf } from './file-kinds';

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

describe('file usage', () => {
  const story = { storyId: '11111111-1111-4111-8111-111111111111', storyTitle: 'El faro' };
  const chapter = {
    ...story,
    chapterId: '22222222-2222-4222-8222-222222222222',
    chapterTitle: 'La tormenta',
    chapterPosition: 1,
  };

  it('is in use with any use, unused only when the server says so, otherwise not attached yet', () => {
    expect(usageOf({ uses: [{ kind: 'logo' }], unused: false })).toBe('in-use');
    expect(usageOf({ uses: [], unused: true })).toBe('unused');
    expect(usageOf({ uses: [], unused: false })).toBe('new');
  });

  it('counts only working-copy chapters as associations', () => {
    const links = chapterLinks({
      uses: [
        { kind: 'chapter', role: 'audio', ...chapter },
        { kind: 'published-chapter', role: 'audio', ...chapter },
        { kind: 'cover', ...story },
      ],
    });
    expect(links.map((use) => use.kind)).toEqual(['chapter']);
  });
});
