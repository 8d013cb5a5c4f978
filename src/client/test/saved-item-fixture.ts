import type { SavedItem } from '#shared/contracts/saved-items';

/** A saved item for tests (review, my words): the word 'perro' in a line of La niña's first chapter. */
export const savedItemFixture = (overrides: Partial<SavedItem> = {}): SavedItem => ({
  id: 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa',
  kind: 'word',
  text: 'perro',
  sentence: 'El perro corre.',
  sentenceTranslation: 'The dog runs.',
  sentenceTranslationByMachine: false,
  gloss: 'dog',
  glossByMachine: false,
  translationLanguage: 'en',
  storyId: '11111111-1111-4111-8111-111111111111',
  storySlug: 'la-nina',
  storyTitle: 'La niña',
  chapterId: '22222222-2222-4222-8222-222222222222',
  chapterTitle: 'Capítulo 1',
  segmentId: 's1',
  wordId: 'w1',
  startSeconds: 1,
  endSeconds: 2,
  audioUrl: '/api/chapters/22222222-2222-4222-8222-222222222222/audio',
  createdAt: '2026-03-01T10:00:00.000Z',
  review: null,
  ...overrides,
});
