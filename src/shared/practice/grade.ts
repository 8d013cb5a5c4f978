import { answerWords, type AnswerWord, type SourceWord } from './answer-words.ts';

/**
 * Grading a dictation word by word (issue 25, decision 066). What the learner typed is lined up
 * with the sentence (the fewest changes), and each word of either gets a verdict:
 * - `right`: the same word (case and punctuation never count; a number in digits or in words);
 * - `accent`: the same letters with other accents: right, shown, unless accents are strict;
 * - `joined`: "a el" / "de el" typed for "al" / "del": right, shown (they are heard alike);
 * - `close`: one letter off in a word of four letters or more: wrong, shown as almost;
 * - `wrong`: another word in its place; `missing`: a word not typed; `extra`: a word not said.
 */
export type WordVerdict = 'right' | 'accent' | 'joined' | 'close' | 'wrong' | 'missing' | 'extra';

export interface GradedWord {
  verdict: WordVerdict;
  /** The sentence's word as written (absent for an extra word). */
  expected?: string;
  /** What the learner typed for it (absent for a missing word). */
  typed?: string;
  /** The transcript words it stands for (empty for an extra word). */
  wordIds: string[];
}

export interface DictationGrade {
  words: GradedWord[];
  /** Every word right and nothing extra. */
  correct: boolean;
  /** Words of the sentence counted right, and how many it has. */
  rightCount: number;
  total: number;
}

export interface GradeOptions {
  /** Accents count: a word with other accents is wrong (a learner's setting; off by default). */
  strictAccents?: boolean;
}

const CONTRACTIONS: Record<string, readonly [string, string]> = {
  al: ['a', 'el'],
  del: ['de', 'el'],
};

/** Levenshtein distance, stopping early once it is above `limit`. */
function editDistance(a: string, b: string, limit: number): number {
  if (Math.abs(a.length - b.length) > limit) return limit + 1;
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    let rowMin = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      const value = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + cost);
      current.push(value);
      rowMin = Math.min(rowMin, value);
    }
    if (rowMin > limit) return limit + 1;
    previous = current;
  }
  return previous[b.length]!;
}

function compare(expected: AnswerWord, typed: AnswerWord, strict: boolean): WordVerdict {
  if (expected.number !== undefined && typed.number !== undefined) {
    return expected.number === typed.number ? 'right' : 'wrong';
  }
  if (expected.exact === typed.exact) return 'right';
  if (expected.folded === typed.folded) return strict ? 'wrong' : 'accent';
  const letters = expected.folded.replace(/[^\p{L}]/gu, '');
  if (letters.length >= 4 && editDistance(expected.folded, typed.folded, 1) <= 1) return 'close';
  return 'wrong';
}

/** What a verdict costs in the line-up: a word typed slightly wrong still pairs with its word. */
const COST: Record<WordVerdict, number> = {
  right: 0,
  accent: 0,
  joined: 0,
  close: 0.5,
  wrong: 1,
  missing: 1,
  extra: 1,
};

const countsRight = (verdict: WordVerdict) =>
  verdict === 'right' || verdict === 'accent' || verdict === 'joined';

type Step =
  | { move: 'pair'; verdict: WordVerdict }
  | { move: 'joined' }
  | { move: 'missing' }
  | { move: 'extra' };

/** Grades what the learner typed against the sentence's words (transcript words or text). */
export function gradeDictation(
  sentence: readonly SourceWord[] | string,
  typedText: string,
  options: GradeOptions = {},
): DictationGrade {
  const strict = options.strictAccents ?? false;
  const expected = answerWords(sentence);
  const typed = answerWords(typedText);
  const n = expected.length;
  const m = typed.length;
  // cost[i][j]: the cheapest line-up of expected[i..] with typed[j..]; step[i][j]: its first move.
  const cost = Array.from({ length: n + 1 }, () => new Array<number>(m + 1).fill(0));
  const step = Array.from({ length: n + 1 }, () => new Array<Step | undefined>(m + 1));
  for (let i = n; i >= 0; i--) {
    for (let j = m; j >= 0; j--) {
      if (i === n && j === m) continue;
      let best = Number.POSITIVE_INFINITY;
      let bestStep: Step | undefined;
      const consider = (value: number, candidate: Step) => {
        if (value < best) {
          best = value;
          bestStep = candidate;
        }
      };
      if (i < n && j < m) {
        const verdict = compare(expected[i]!, typed[j]!, strict);
        consider(COST[verdict] + cost[i + 1]![j + 1]!, { move: 'pair', verdict });
        const parts = CONTRACTIONS[expected[i]!.folded];
        if (
          parts &&
          j + 1 < m &&
          typed[j]!.exact === parts[0] &&
          typed[j + 1]!.exact === parts[1]
        ) {
          consider(cost[i + 1]![j + 2]!, { move: 'joined' });
        }
      }
      if (i < n) consider(COST.missing + cost[i + 1]![j]!, { move: 'missing' });
      if (j < m) consider(COST.extra + cost[i]![j + 1]!, { move: 'extra' });
      cost[i]![j] = best;
      step[i]![j] = bestStep;
    }
  }

  const words: GradedWord[] = [];
  let i = 0;
  let j = 0;
  while (i < n || j < m) {
    const next = step[i]![j]!;
    if (next.move === 'pair') {
      words.push({
        verdict: next.verdict,
        expected: expected[i]!.text,
        typed: typed[j]!.text,
        wordIds: expected[i]!.wordIds,
      });
      i++;
      j++;
    } else if (next.move === 'joined') {
      words.push({
        verdict: 'joined',
        expected: expected[i]!.text,
        typed: `${typed[j]!.text} ${typed[j + 1]!.text}`,
        wordIds: expected[i]!.wordIds,
      });
      i++;
      j += 2;
    } else if (next.move === 'missing') {
      words.push({
        verdict: 'missing',
        expected: expected[i]!.text,
        wordIds: expected[i]!.wordIds,
      });
      i++;
    } else {
      words.push({ verdict: 'extra', typed: typed[j]!.text, wordIds: [] });
      j++;
    }
  }
  const rightCount = words.filter((w) => w.expected !== undefined && countsRight(w.verdict)).length;
  const correct = words.every((w) => countsRight(w.verdict));
  return { words, correct, rightCount, total: n };
}

/**
 * Grades one typed word against the word of a blank (a listening cloze): the same rules as a
 * dictation's word, so "esta" for "está" is right unless accents are strict.
 */
export function gradeWord(
  answer: string,
  typedText: string,
  options: GradeOptions = {},
): WordVerdict {
  const grade = gradeDictation(answer, typedText, options);
  if (grade.correct) return grade.words[0]?.verdict ?? 'right';
  return grade.words.find((w) => !countsRight(w.verdict))?.verdict ?? 'wrong';
}

export { countsRight as verdictCountsRight };
