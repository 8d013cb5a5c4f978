import type { Transcript, TranscriptSegment, TranscriptWord } from '#shared/transcript';

/**
 * The editor's text edits, each a pure function of the transcript that leaves untouched sentences
 * as they were (so only the edited sentence re-renders). A person's edit or approval makes the
 * source 'human'; what they type is kept exactly as typed.
 */

function updateSegment(
  transcript: Transcript,
  index: number,
  change: (segment: TranscriptSegment) => TranscriptSegment,
): Transcript {
  const segment = transcript.segments[index];
  if (!segment) return transcript;
  const changed = change(segment);
  if (changed === segment) return transcript;
  const segments = transcript.segments.slice();
  segments[index] = changed;
  return { segments };
}

function updateWord(
  transcript: Transcript,
  segmentIndex: number,
  wordIndex: number,
  change: (word: TranscriptWord) => TranscriptWord,
): Transcript {
  return updateSegment(transcript, segmentIndex, (segment) => {
    const word = segment.words[wordIndex];
    if (!word) return segment;
    const changed = change(word);
    if (changed === word) return segment;
    const words = segment.words.slice();
    words[wordIndex] = changed;
    return { ...segment, words };
  });
}

/**
 * A sentence's or word's text made a person's: the machine's origin goes with the machine's mark
 * (the transcript contract, decision 043), so an export never says a person's text came from a
 * service.
 */
function translationByPerson(segment: TranscriptSegment, translation: string): TranscriptSegment {
  const { translationOrigin: _origin, ...rest } = segment;
  return { ...rest, translation, translationSource: 'human' };
}

function glossByPerson(word: TranscriptWord, gloss: string): TranscriptWord {
  const { glossOrigin: _origin, ...rest } = word;
  return { ...rest, gloss, glossSource: 'human' };
}

export const setTranslation = (transcript: Transcript, segment: number, text: string) =>
  updateSegment(transcript, segment, (item) =>
    item.translation === text && item.translationSource === 'human' && !item.translationOrigin
      ? item
      : translationByPerson(item, text),
  );

/** Approving keeps the words and marks them a person's; there is nothing to approve in a blank. */
export const approveTranslation = (transcript: Transcript, segment: number) =>
  updateSegment(transcript, segment, (item) =>
    !item.translation?.trim() || (item.translationSource === 'human' && !item.translationOrigin)
      ? item
      : translationByPerson(item, item.translation),
  );

export const setGloss = (transcript: Transcript, segment: number, word: number, text: string) =>
  updateWord(transcript, segment, word, (item) =>
    item.gloss === text && item.glossSource === 'human' && !item.glossOrigin
      ? item
      : glossByPerson(item, text),
  );

const glossWaits = (word: TranscriptWord) =>
  Boolean(word.gloss?.trim()) && (word.glossSource !== 'human' || word.glossOrigin !== undefined);

export const approveGloss = (transcript: Transcript, segment: number, word: number) =>
  updateWord(transcript, segment, word, (item) =>
    glossWaits(item) ? glossByPerson(item, item.gloss!) : item,
  );

/** "Approve all" of a sentence: every machine gloss it has becomes approved (blanks stay blank). */
export const approveAllGlosses = (transcript: Transcript, segment: number) =>
  updateSegment(transcript, segment, (item) => {
    if (!item.words.some((word) => word.glossSource === 'machine' && word.gloss?.trim())) {
      return item;
    }
    return {
      ...item,
      words: item.words.map((word) =>
        word.glossSource === 'machine' && word.gloss?.trim()
          ? glossByPerson(word, word.gloss)
          : word,
      ),
    };
  });

/**
 * Review mode's Enter: the sentence's machine translation and every machine gloss it has become a
 * person's, in one edit (blanks stay blank: there is nothing to approve in them).
 */
export const approveSentence = (transcript: Transcript, segment: number) =>
  approveAllGlosses(approveTranslation(transcript, segment), segment);

/**
 * A re-aligned sentence from the server: its times, confidences and reasons for doubt replace the editor's, its
 * texts stay the editor's (a gloss typed while the request ran is not lost). Words are matched by
 * id; a word the server does not return keeps its times.
 */
export function applyRealignedSegment(
  transcript: Transcript,
  realigned: TranscriptSegment,
): Transcript {
  const index = transcript.segments.findIndex((segment) => segment.id === realigned.id);
  if (index < 0) return transcript;
  const timesById = new Map(realigned.words.map((word) => [word.id, word]));
  return updateSegment(transcript, index, (segment) => ({
    ...segment,
    start: realigned.start,
    end: realigned.end,
    confidence: realigned.confidence,
    words: segment.words.map((word) => {
      const timed = timesById.get(word.id);
      if (!timed) return word;
      // The aligner's new word: its doubt, and why, replace the old (a word it is sure of now
      // keeps no reason for a doubt it no longer has).
      const { confidence: _confidence, timingDoubt: _reason, ...texts } = word;
      return {
        ...texts,
        start: timed.start,
        end: timed.end,
        ...(timed.confidence !== undefined ? { confidence: timed.confidence } : {}),
        ...(timed.timingDoubt ? { timingDoubt: timed.timingDoubt } : {}),
      };
    }),
  }));
}

/**
 * Machine translations from the server fill only what is still blank in the editor (something
 * typed while they were being made wins), marked 'machine'. Sentences and words are matched by id.
 */
export function mergePrefill(transcript: Transcript, filled: Transcript): Transcript {
  const filledSegments = new Map(filled.segments.map((segment) => [segment.id, segment]));
  let changed = false;
  const segments = transcript.segments.map((segment) => {
    const source = filledSegments.get(segment.id);
    if (!source) return segment;
    let next = segment;
    if (!segment.translation?.trim() && source.translation?.trim()) {
      next = {
        ...next,
        translation: source.translation,
        translationSource: 'machine',
        translationOrigin: source.translationOrigin,
      };
    }
    const filledWords = new Map(source.words.map((word) => [word.id, word]));
    const words = segment.words.map((word) => {
      const filledWord = filledWords.get(word.id);
      return !word.gloss?.trim() && filledWord?.gloss?.trim()
        ? {
            ...word,
            gloss: filledWord.gloss,
            glossSource: 'machine' as const,
            glossOrigin: filledWord.glossOrigin,
          }
        : word;
    });
    if (words.some((word, index) => word !== segment.words[index])) next = { ...next, words };
    if (next !== segment) changed = true;
    return next;
  });
  return changed ? { segments } : transcript;
}
