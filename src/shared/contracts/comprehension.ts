import { z } from 'zod';

/**
 * Comprehension checks (issue 25, decision 069): a few multiple-choice questions an administrator
 * may add to a chapter, each with 2–4 options, the correct one, and optionally the transcript
 * line that answers it. They belong to the chapter's working copy; learners get the ones of the
 * story's published revision, with the chapter itself (so a downloaded chapter has them offline).
 *
 *   GET /api/admin/chapters/:id/questions   → ChapterQuestionsResponse
 *   PUT /api/admin/chapters/:id/questions   body SaveChapterQuestionsRequest
 *                                           → ChapterQuestionsResponse (audited)
 *   GET /api/chapters/:id                   → { chapter: { …, questions } } (the published ones)
 */

export const COMPREHENSION_LIMITS = {
  questions: 10,
  questionChars: 300,
  minOptions: 2,
  maxOptions: 4,
  optionChars: 150,
  /** A transcript segment id ('s12'); the editor's ids are far shorter. */
  segmentIdChars: 200,
} as const;

const L = COMPREHENSION_LIMITS;

/** What a refused question says, at the field it is about (the studio's form and the API). */
export const comprehensionMessages = {
  questionRequired: 'Write the question',
  questionTooLong: `A question may have at most ${L.questionChars} characters`,
  optionRequired: 'Write this option, or remove it',
  optionTooLong: `An option may have at most ${L.optionChars} characters`,
  tooFewOptions: `Give at least ${L.minOptions} options`,
  tooManyOptions: `Give at most ${L.maxOptions} options`,
  sameOption: 'This option says the same as another one: make each option different',
  chooseCorrect: 'Choose the correct option',
  tooManyQuestions: `A chapter may have at most ${L.questions} questions`,
  noNul: 'Text may not contain NUL characters',
  /** The answering line must be one of the chapter's transcript lines when saved. */
  lineNotInTranscript:
    'This line is not in the chapter’s transcript (it was aligned again since): choose another line, or none',
  transcriptChanged:
    'The chapter’s transcript changed while the questions were being saved: save them again',
} as const;

const withoutNul = (value: string) => !value.includes('\0');

/** Options compare as a learner reads them: case, outer and repeated spaces do not count. */
export const optionKey = (option: string) =>
  option.trim().replace(/\s+/g, ' ').toLocaleLowerCase('es');

const questionTextSchema = z
  .string()
  .refine(withoutNul, comprehensionMessages.noNul)
  .trim()
  .min(1, comprehensionMessages.questionRequired)
  .max(L.questionChars, comprehensionMessages.questionTooLong);

const optionSchema = z
  .string()
  .refine(withoutNul, comprehensionMessages.noNul)
  .trim()
  .min(1, comprehensionMessages.optionRequired)
  .max(L.optionChars, comprehensionMessages.optionTooLong);

export const chapterQuestionSchema = z
  .object({
    /** The question, as learners read it. */
    text: questionTextSchema,
    /** 2–4 options, each different; learners see them in this order. */
    options: z
      .array(optionSchema)
      .min(L.minOptions, comprehensionMessages.tooFewOptions)
      .max(L.maxOptions, comprehensionMessages.tooManyOptions),
    /** The index (from 0) of the correct option. */
    correctOption: z.number().int().min(0, comprehensionMessages.chooseCorrect),
    /** The id of the transcript line (segment) that answers it; null when none is named. */
    segmentId: z.string().min(1).max(L.segmentIdChars).nullable(),
  })
  .strict()
  .superRefine((question, context) => {
    const seen = new Set<string>();
    question.options.forEach((option, index) => {
      const key = optionKey(option);
      if (key !== '' && seen.has(key)) {
        context.addIssue({
          code: 'custom',
          message: comprehensionMessages.sameOption,
          path: ['options', index],
        });
      }
      seen.add(key);
    });
    if (question.correctOption >= question.options.length) {
      context.addIssue({
        code: 'custom',
        message: comprehensionMessages.chooseCorrect,
        path: ['correctOption'],
      });
    }
  });
export type ChapterQuestion = z.output<typeof chapterQuestionSchema>;

export const chapterQuestionsSchema = z
  .array(chapterQuestionSchema)
  .max(L.questions, comprehensionMessages.tooManyQuestions);

export const saveChapterQuestionsRequestSchema = z
  .object({ questions: chapterQuestionsSchema })
  .strict();
export type SaveChapterQuestionsRequest = z.input<typeof saveChapterQuestionsRequestSchema>;

export const chapterQuestionsResponseSchema = z.object({
  /** The working copy's questions, in order. */
  questions: z.array(chapterQuestionSchema),
  /** Learners see this chapter: its story is published and the chapter is in its revision. */
  published: z.boolean(),
  /**
   * Learners see other questions than these (the ones published last): publishing the story's
   * changes shows them these. False while learners do not see the chapter.
   */
  unpublishedChanges: z.boolean(),
});
export type ChapterQuestionsResponse = z.infer<typeof chapterQuestionsResponseSchema>;

/** Whether two lists of questions say the same (same order, texts, options, answer and line). */
export function sameQuestions(
  a: readonly ChapterQuestion[],
  b: readonly ChapterQuestion[],
): boolean {
  return (
    a.length === b.length &&
    a.every((question, index) => {
      const other = b[index]!;
      return (
        question.text === other.text &&
        question.correctOption === other.correctOption &&
        question.segmentId === other.segmentId &&
        question.options.length === other.options.length &&
        question.options.every((option, at) => option === other.options[at])
      );
    })
  );
}
