import {
  gradeDictation,
  gradeWord,
  verdictCountsRight,
  type GradedWord,
  type GradeOptions,
  type WordVerdict,
} from '#shared/practice/grade';
import type { ClozeItem, DictationItem, WordInAudioItem } from '#shared/practice/items';

/**
 * What became of one exercise once checked (issue 25): graded on the device by the shared rules
 * (decision 066); this module adds only what the screen adds, the words a learner had revealed.
 */

/** A dictation's word as shown: its verdict, or `revealed` when the learner asked to see it. */
export type ShownVerdict = WordVerdict | 'revealed';
export interface ShownWord extends Omit<GradedWord, 'verdict'> {
  verdict: ShownVerdict;
}

export interface DictationResult {
  kind: 'dictation';
  typed: string;
  words: ShownWord[];
  /** Words of the line counted right (a revealed word is not), and how many it has. */
  rightCount: number;
  total: number;
  correct: boolean;
}

export interface ClozeResult {
  kind: 'cloze';
  blanks: Array<{ typed: string; verdict: WordVerdict }>;
  correct: boolean;
}

export interface WordInAudioResult {
  kind: 'word-in-audio';
  picked: string;
  correct: boolean;
}

export type ItemResult = DictationResult | ClozeResult | WordInAudioResult;

export const shownCountsRight = (verdict: ShownVerdict) =>
  verdict !== 'revealed' && verdictCountsRight(verdict);

/**
 * A dictation graded word by word. The first `revealed` words were shown on request: they count
 * as not typed (whatever was typed for them), so a line finished with help is not right.
 */
export function gradeDictationItem(
  item: DictationItem,
  typed: string,
  revealed: number,
  options: GradeOptions,
): DictationResult {
  const grade = gradeDictation(item.words, typed, options);
  const revealedIds = new Set(item.words.slice(0, revealed).map((word) => word.id));
  const words = grade.words.map((word): ShownWord => {
    if (!word.wordIds.some((id) => revealedIds.has(id))) return word;
    const { typed: _typed, ...shown } = word;
    return { ...shown, verdict: 'revealed' };
  });
  const rightCount = words.filter(
    (word) => word.expected !== undefined && shownCountsRight(word.verdict),
  ).length;
  return {
    kind: 'dictation',
    typed,
    words,
    rightCount,
    total: grade.total,
    correct: words.every((word) => shownCountsRight(word.verdict)),
  };
}

/** Each blank graded as a word of a dictation ("esta" for "está" is right unless strict). */
export function gradeClozeItem(
  item: ClozeItem,
  typed: readonly string[],
  options: GradeOptions,
): ClozeResult {
  const blanks = item.blanks.map((blank, index) => {
    const text = typed[index] ?? '';
    return { typed: text, verdict: gradeWord(blank.answer, text, options) };
  });
  return { kind: 'cloze', blanks, correct: blanks.every((b) => verdictCountsRight(b.verdict)) };
}

export function gradeWordInAudioItem(item: WordInAudioItem, picked: string): WordInAudioResult {
  return { kind: 'word-in-audio', picked, correct: picked === item.answer };
}
