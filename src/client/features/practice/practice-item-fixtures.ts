import type { ClozeItem, DictationItem, WordInAudioItem } from '#shared/practice/items';

/** For tests: one exercise of each kind from the line "Lucía está en la cocina." */
const base = {
  segmentId: 's1',
  clip: { startSeconds: 1, endSeconds: 3 },
  line: 'Lucía está en la cocina.',
  translationByMachine: false,
};

export const dictationFixture: DictationItem = {
  ...base,
  id: 'dictation:s1:w1,w2,w3,w4,w5',
  kind: 'dictation',
  words: [
    { id: 'w1', text: 'Lucía' },
    { id: 'w2', text: 'está' },
    { id: 'w3', text: 'en' },
    { id: 'w4', text: 'la' },
    { id: 'w5', text: 'cocina.' },
  ],
};

/** "Lucía ___ en la ___.": the first blank with four choices, the second typed only. */
export const clozeFixture: ClozeItem = {
  ...base,
  id: 'cloze:s1:w2,w5',
  kind: 'cloze',
  parts: [{ text: 'Lucía ' }, { blank: 0 }, { text: ' en la ' }, { blank: 1 }, { text: '.' }],
  blanks: [
    { wordId: 'w2', answer: 'está', options: ['está', 'es', 'era', 'estar'] },
    { wordId: 'w5', answer: 'cocina', options: [] },
  ],
};

export const wordInAudioFixture: WordInAudioItem = {
  ...base,
  id: 'word-in-audio:s1:w4,w5',
  kind: 'word-in-audio',
  wordIds: ['w4', 'w5'],
  answer: 'cocina',
  answerWordId: 'w5',
  options: ['camisa', 'cocina', 'comida'],
};
