/** What the questions page says (decision 069); the title is the player's link's, in components. */
export const comprehensionTexts = {
  loading: 'Loading the questions...',
  chapter: (position: number) => `Chapter ${position}`,
  backToChapter: 'Back to the chapter',
  noQuestionsTitle: 'No questions for this chapter',
  noQuestions: 'This chapter has no comprehension questions yet.',
  progress: (number: number, count: number) => `Question ${number} of ${count}`,
  keysHint: (options: number) =>
    `Press ${options === 2 ? '1 or 2' : `1 to ${options}`} to choose an answer, then Enter to check it and Enter again to go on.`,
  check: 'Check answer',
  chooseFirst: 'Choose an answer first.',
  right: 'Right!',
  rightDetail: (answer: string) => `“${answer}” is the answer.`,
  wrong: 'Not quite.',
  wrongDetail: (answer: string) => `The answer is “${answer}”.`,
  yourAnswer: 'Your answer',
  correctAnswer: 'Correct answer',
  playLine: 'Play the line that answers it',
  playingLine: 'Playing the line…',
  lineHeading: 'The line that answers it',
  lineFailed: 'The line could not be played. Read it here instead.',
  lineBlocked: 'The browser did not let the line play: press the button again.',
  next: 'Next question',
  seeResult: 'See your result',
  resultTitle: 'Your result',
  result: (right: number, count: number) =>
    `You answered ${right} of ${count} ${count === 1 ? 'question' : 'questions'} correctly.`,
  resultRight: 'Right',
  resultWrong: 'Wrong',
  /** `correct` only when the answer was wrong. */
  resultDetail: (yours: string, correct: string | null) =>
    correct === null
      ? `you answered “${yours}”.`
      : `you answered “${yours}”; the answer is “${correct}”.`,
  again: 'Answer again',
} as const;
