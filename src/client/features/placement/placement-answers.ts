import type {
  PlacementAnswersBody,
  PlacementClozeItem,
  PlacementTest,
} from '#shared/contracts/placement';

/** The option chosen for each blank of each item, by item id (null: "I don't know" or none). */
export type ClozeChoices = ReadonlyMap<string, ReadonlyArray<string | null>>;

/**
 * What is sent for a test: every blank of every item (an unanswered one as "I don't know") and
 * every word shown, ticked or not.
 */
export function placementAnswers(
  test: PlacementTest,
  choices: ClozeChoices,
  known: ReadonlySet<string>,
): PlacementAnswersBody {
  return {
    cloze: test.cloze.flatMap((item: PlacementClozeItem) =>
      item.blanks.map((blank, index) => ({
        chapterId: item.chapterId,
        segmentId: item.segmentId,
        wordId: blank.wordId,
        choice: choices.get(item.id)?.[index] ?? null,
      })),
    ),
    words: test.words.map((word) => ({ word, known: known.has(word) })),
  };
}
