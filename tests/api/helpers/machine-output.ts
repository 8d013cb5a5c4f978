import type { Transcript } from '#shared/transcript';
import { insertStory } from './fixtures.ts';
import type { TestApp } from './test-app.ts';

/**
 * A chapter as the studio leaves it before anyone reviews it (decision 043): the first sentence
 * written and approved by a person, the second as a machine proposed it, one word's timing
 * doubtful. Its review state: 1 machine translation, 1 machine gloss, 1 missing gloss, 1 doubtful
 * timing.
 */
export const machineTranscript: Transcript = {
  segments: [
    {
      id: 's1',
      start: 0,
      end: 2,
      text: 'La casa es grande.',
      translation: 'The house is big.',
      translationSource: 'human',
      words: [
        { id: 's1w1', text: 'La', start: 0, end: 0.3, gloss: 'the', glossSource: 'human' },
        { id: 's1w2', text: 'casa', start: 0.3, end: 0.9, gloss: 'house' },
        { id: 's1w3', text: 'es', start: 0.9, end: 1.2, gloss: 'is' },
        { id: 's1w4', text: 'grande', start: 1.2, end: 2, gloss: 'big' },
      ],
    },
    {
      id: 's2',
      start: 2,
      end: 4,
      text: 'Pasa la tarde.',
      translation: 'Raisin the afternoon.',
      translationSource: 'machine',
      translationOrigin: 'apertium',
      words: [
        {
          id: 's2w1',
          text: 'Pasa',
          start: 2,
          end: 2.6,
          gloss: 'raisin',
          glossSource: 'machine',
          glossOrigin: 'lexicon',
          confidence: 0.2,
        },
        { id: 's2w2', text: 'la', start: 2.6, end: 2.9, gloss: 'the' },
        { id: 's2w3', text: 'tarde', start: 2.9, end: 4 },
      ],
    },
  ],
};

export const machineTranscriptCounts = {
  machineTranslations: 1,
  missingTranslations: 0,
  machineGlosses: 1,
  missingGlosses: 1,
  doubtfulTimings: 1,
};

/** Stores `transcript` as the chapter's transcript object (fixtures name but do not store it). */
export const storeTranscript = (
  t: TestApp,
  chapter: { transcriptFileId: string },
  transcript: Transcript,
) =>
  t.storage.put(
    'trans',
    chapter.transcriptFileId,
    Buffer.from(JSON.stringify(transcript)),
    'application/json',
  );

/** A story (published unless overridden) whose chapters all hold `transcript`. */
export async function storyWithTranscripts(
  t: TestApp,
  transcript: Transcript,
  overrides: Parameters<typeof insertStory>[1] = {},
  chapterCount = 1,
) {
  const inserted = await insertStory(t.database.db, overrides, chapterCount);
  for (const chapter of inserted.chapters) await storeTranscript(t, chapter, transcript);
  return inserted;
}
