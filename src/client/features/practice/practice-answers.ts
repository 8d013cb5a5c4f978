import type { PracticeAnswer } from '#shared/contracts/practice';
import { verdictCountsRight } from '#shared/practice/grade';
import type { PracticeItem } from '#shared/practice/items';
import type { ItemResult } from './item-grading';

export interface AnswerContext {
  chapterId: string;
  /** When the learner checked it, in the client's clock (ms). */
  answeredAt: number;
  newId: () => string;
}

/**
 * What the server learns of one exercise checked (decision 066): one answer per thing asked, so
 * a cloze with two blanks sends two (each with its word), a dictation one for its line.
 */
export function answersOf(
  item: PracticeItem,
  result: ItemResult,
  { chapterId, answeredAt, newId }: AnswerContext,
): PracticeAnswer[] {
  const answer = (correct: boolean, wordId?: string): PracticeAnswer => ({
    answerId: newId(),
    kind: item.kind,
    chapterId,
    segmentId: item.segmentId,
    ...(wordId === undefined ? {} : { wordId }),
    correct,
    answeredAt,
  });
  if (item.kind === 'cloze' && result.kind === 'cloze') {
    return item.blanks.map((blank, index) =>
      answer(verdictCountsRight(result.blanks[index]?.verdict ?? 'missing'), blank.wordId),
    );
  }
  if (item.kind === 'word-in-audio') return [answer(result.correct, item.answerWordId)];
  return [answer(result.correct)];
}
