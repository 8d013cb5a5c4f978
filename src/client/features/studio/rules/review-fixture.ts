import type { Transcript, TranscriptSegment, TranscriptWord } from '#shared/transcript';

/**
 * A chapter as review mode meets it, for the review tests: machine proposals, a missing gloss,
 * doubtful timings, an approved sentence before them. Each sentence lasts a second and a half
 * (from 0.5 s, 0.25 s apart), its words sharing it evenly.
 */
const word = (id: string, text: string, extra: Partial<TranscriptWord> = {}): TranscriptWord => ({
  id,
  text,
  start: 0,
  end: 0,
  ...extra,
});
const machine = (gloss: string, extra: Partial<TranscriptWord> = {}) => ({
  gloss,
  glossSource: 'machine' as const,
  ...extra,
});
const segment = (
  id: string,
  text: string,
  words: TranscriptWord[],
  extra: Partial<TranscriptSegment> = {},
): TranscriptSegment => {
  const start = 0.5 + (Number(id.slice(1)) - 1) * 1.75;
  const step = 1.5 / words.length;
  return {
    id,
    start,
    end: start + 1.5,
    text,
    words: words.map((item, index) => ({
      ...item,
      start: start + index * step,
      end: start + (index + 1) * step,
    })),
    ...extra,
  };
};

export const reviewTranscript: Transcript = {
  segments: [
    // Approved already: not in the review.
    segment(
      's1',
      'Hace sol.',
      [word('w1', 'Hace', { gloss: 'it makes' }), word('w2', 'sol', { gloss: 'sun' })],
      {
        translation: 'It is sunny.',
      },
    ),
    // A machine translation, an obvious gloss, two worth a look, a name without a gloss.
    segment(
      's2',
      'Lucía pasa por el mercado.',
      [
        word('w3', 'Lucía'),
        word('w4', 'pasa', machine('raisin', { glossOrigin: 'lexicon' })),
        word('w5', 'por', machine('for')),
        word('w6', 'el', { gloss: 'the' }),
        word('w7', 'mercado', machine('market', { glossOrigin: 'lexicon' })),
      ],
      {
        translation: 'Lucía goes through the market.',
        translationSource: 'machine',
        translationOrigin: 'apertium',
      },
    ),
    // Approved text, but a doubtful word and a doubtful sentence timing.
    segment(
      's3',
      'Compra pan.',
      [
        word('w8', 'Compra', { gloss: 'buys', confidence: 0.3 }),
        word('w9', 'pan', { gloss: 'bread' }),
      ],
      { translation: 'She buys bread.', confidence: 0.4 },
    ),
    // A gloss missing, a translation missing.
    segment('s4', 'Vuelve a casa.', [
      word('w10', 'Vuelve', machine('returns')),
      word('w11', 'a', machine('to')),
      word('w12', 'casa'),
    ]),
  ],
};
