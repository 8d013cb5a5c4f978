import type { ChapterQuestion } from '#shared/contracts/comprehension';

/**
 * A learner going through a chapter's questions, one at a time (decision 069): pick an option,
 * check it, see whether it was right, go on; a result at the end. Nothing is sent anywhere.
 */
export interface ComprehensionSession {
  /** The question shown; equal to the number of questions once the result shows. */
  index: number;
  /** The option picked for the question shown, before it is checked. */
  picked: number | null;
  /** Per question, the option checked (null until it is). */
  answers: readonly (number | null)[];
}

export const startSession = (questions: readonly ChapterQuestion[]): ComprehensionSession => ({
  index: 0,
  picked: null,
  answers: questions.map(() => null),
});

/** Whether the question shown has been checked (its verdict shows). */
export const isChecked = (session: ComprehensionSession) => session.answers[session.index] != null;

export const isFinished = (session: ComprehensionSession) =>
  session.index >= session.answers.length;

/** Picks option `option` of the question shown, unless it is checked or has no such option. */
export function pick(
  session: ComprehensionSession,
  questions: readonly ChapterQuestion[],
  option: number,
): ComprehensionSession {
  const question = questions[session.index];
  if (!question || isChecked(session) || option < 0 || option >= question.options.length) {
    return session;
  }
  return { ...session, picked: option };
}

/** Checks the option picked: the question's verdict shows. Nothing picked, nothing changes. */
export function check(session: ComprehensionSession): ComprehensionSession {
  if (session.picked === null || isChecked(session) || isFinished(session)) return session;
  const answers = [...session.answers];
  answers[session.index] = session.picked;
  return { ...session, answers };
}

/** The next question (or the result), once the one shown is checked. */
export function next(session: ComprehensionSession): ComprehensionSession {
  if (!isChecked(session)) return session;
  return { ...session, index: session.index + 1, picked: null };
}

/** Whether question `index` was answered right. */
export const answeredRight = (
  session: ComprehensionSession,
  questions: readonly ChapterQuestion[],
  index: number,
) => session.answers[index] === questions[index]?.correctOption;

/** How many questions were answered right. */
export const scoreOf = (session: ComprehensionSession, questions: readonly ChapterQuestion[]) =>
  questions.filter((_, index) => answeredRight(session, questions, index)).length;
