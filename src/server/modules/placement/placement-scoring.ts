import { storyLevels, type StoryLevel } from '#shared/contracts/stories';

/**
 * Placement scoring (decision 071): pure, so every rule is tested on its own.
 */

/** A level is passed when at least this share of its blanks were filled right. */
export const LEVEL_PASS_SHARE = 2 / 3;

export interface LevelScore {
  level: StoryLevel;
  right: number;
  asked: number;
}

/**
 * Where the learner starts: the highest level passed with every level asked below it passed too
 * (a lucky pass above a failed level does not count); Beginner when none is. A level with no
 * blanks asked (no published story of it) neither passes nor stops the climb.
 */
export function startingLevel(scores: readonly LevelScore[]): StoryLevel {
  let level: StoryLevel = 'Beginner';
  for (const name of storyLevels) {
    const score = scores.find((entry) => entry.level === name);
    if (!score || score.asked === 0) continue;
    if (score.right / score.asked < LEVEL_PASS_SHARE) break;
    level = name;
  }
  return level;
}

/** The learner's yes or no to each word shown, normalised to lower case. */
export type WordAnswers = ReadonlyMap<string, boolean>;

/**
 * The share of made-up words the learner said they know: their false-alarm rate. 0 when none was
 * answered.
 */
export function falseAlarmRate(answers: WordAnswers, pseudoWords: ReadonlySet<string>): number {
  let asked = 0;
  let claimed = 0;
  for (const [word, known] of answers) {
    if (!pseudoWords.has(word)) continue;
    asked++;
    if (known) claimed++;
  }
  return asked === 0 ? 0 : claimed / asked;
}

/**
 * A band's share of words known, hits corrected by false alarms: the share of its sampled words
 * said known, less the false-alarm rate, within 0..1 (saying yes to everything scores 0). Null
 * when none of the band's words was answered.
 */
export function correctedBandRate(
  band: readonly string[],
  answers: WordAnswers,
  falseAlarms: number,
): number | null {
  let asked = 0;
  let hits = 0;
  for (const lemma of band) {
    const known = answers.get(lemma);
    if (known === undefined) continue;
    asked++;
    if (known) hits++;
  }
  if (asked === 0) return null;
  return Math.min(1, Math.max(0, hits / asked - falseAlarms));
}

/**
 * The lemmas assumed known (decision 071): in each band, its corrected rate times its size, taken
 * from the words the learner said they know first, then the band's others most frequent first;
 * never a word they said they do not know. A band none of whose words was answered adds none.
 */
export function assumedKnownLemmas(
  bands: readonly (readonly string[])[],
  answers: WordAnswers,
  pseudoWords: ReadonlySet<string>,
): string[] {
  const falseAlarms = falseAlarmRate(answers, pseudoWords);
  const known: string[] = [];
  for (const band of bands) {
    const rate = correctedBandRate(band, answers, falseAlarms);
    if (rate === null) continue;
    const count = Math.round(rate * band.length);
    const claimed = band.filter((lemma) => answers.get(lemma) === true);
    const unasked = band.filter((lemma) => !answers.has(lemma));
    known.push(...[...claimed, ...unasked].slice(0, count));
  }
  return known;
}
