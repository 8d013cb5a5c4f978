import type { ProposalOrigin, TimingDoubt, TranscriptWord } from '#shared/transcript';
import type { PartOfSpeech } from '#shared/lexicon/index';

/** 75.5 → '1:15.500', 3725.25 → '1:02:05.250': a word's time to the millisecond, as edited. */
export function formatTimestamp(seconds: number): string {
  const totalMs = Math.max(0, Math.round((Number.isFinite(seconds) ? seconds : 0) * 1000));
  const ms = totalMs % 1000;
  const totalSeconds = Math.floor(totalMs / 1000);
  const secs = totalSeconds % 60;
  const minutes = Math.floor(totalSeconds / 60) % 60;
  const hours = Math.floor(totalSeconds / 3600);
  const tail = `${String(secs).padStart(2, '0')}.${String(ms).padStart(3, '0')}`;
  return hours > 0 ? `${hours}:${String(minutes).padStart(2, '0')}:${tail}` : `${minutes}:${tail}`;
}

/**
 * How the editor names a word in its controls ("Start of casa", "Gloss of casa"): its text, and
 * when the same word occurs again in the sentence, its occurrence ("la", "la (2)"), so every
 * control of a sentence has a name of its own.
 */
export function wordLabels(words: readonly Pick<TranscriptWord, 'text'>[]): string[] {
  const seen = new Map<string, number>();
  return words.map((word) => {
    const occurrence = (seen.get(word.text) ?? 0) + 1;
    seen.set(word.text, occurrence);
    return occurrence === 1 ? word.text : `${word.text} (${occurrence})`;
  });
}

/** 0.42 → '42%'. */
export const formatConfidence = (confidence: number): string => `${Math.round(confidence * 100)}%`;

const timingDoubtReasons: Record<TimingDoubt, string> = {
  'low-match': 'the sound here matches the word poorly',
  squeezed: 'the word got almost no time (squeezed)',
  departure: 'the narration seems to depart from the text here',
  'long-pause': 'a long pause sits here',
  music: 'music or noise is heard around the word',
};

/**
 * Why the aligner doubts a word's timing, in an administrator's words (the transcript's
 * `timingDoubt`). A word aligned before the aligner gave reasons has a doubtful confidence only.
 */
export const timingDoubtReason = (reason: TimingDoubt | undefined): string =>
  reason ? timingDoubtReasons[reason] : 'the aligner is unsure of this word’s start';

/** A sentence's timing has a confidence but no reason. */
export const sentenceDoubtReason = 'the aligner is unsure of this sentence’s timing';

/** 'the word got…' → 'The word got…': a reason as a sentence of its own. */
export const asSentence = (reason: string): string =>
  `${reason.charAt(0).toLocaleUpperCase('en')}${reason.slice(1)}.`;

/** Beside a doubtful word in the editor: "Doubtful timing: the sound here matches the word poorly." */
export const doubtfulWordText = (reason: TimingDoubt | undefined): string =>
  `Doubtful timing: ${timingDoubtReason(reason)}.`;

const originNames: Record<ProposalOrigin, string> = {
  memory: 'Translation memory',
  lexicon: 'Dictionary',
  apertium: 'Apertium',
  libretranslate: 'LibreTranslate',
  deepl: 'DeepL',
};

/** Where a machine proposal came from, as the studio names it; null when it does not say. */
export const proposalOriginLabel = (origin: ProposalOrigin | undefined): string | null =>
  origin ? originNames[origin] : null;

const partsOfSpeech: Record<PartOfSpeech, string> = {
  noun: 'noun',
  verb: 'verb',
  adj: 'adjective',
  adv: 'adverb',
  pron: 'pronoun',
  det: 'determiner',
  prep: 'preposition',
  conj: 'conjunction',
  num: 'number',
  interj: 'interjection',
};

/** 'adj' → 'adjective': a lexicon reading's part of speech in words. */
export const partOfSpeechName = (pos: PartOfSpeech): string => partsOfSpeech[pos];

// One formatter for every count: making one per call is slow, and counts change on every key.
const integer = new Intl.NumberFormat('en-US');

/** 1200 → '1,200'. */
export const formatCount = (count: number): string => integer.format(count);

/** 3 → '3 glosses', 1 → '1 gloss'. */
export const countOf = (count: number, one: string, many: string): string =>
  `${formatCount(count)} ${count === 1 ? one : many}`;
