import type { FieldPath } from 'react-hook-form';
import type { SaveChapterQuestionsRequest } from '#shared/contracts/comprehension';
import type { ErrorDetails } from '#shared/errors';
import { isApiError } from '#client/lib/api-client';

/** The questions form's values: the save request as it is sent (decision 020, one schema). */
export type QuestionsFormValues = SaveChapterQuestionsRequest;
export type QuestionValues = QuestionsFormValues['questions'][number];

/** A question just added: two empty options, no correct one chosen yet, no line. */
export const newQuestion = (): QuestionValues => ({
  text: '',
  options: ['', ''],
  correctOption: -1,
  segmentId: null,
});

/**
 * The options and the correct one after option `index` is removed: the correct option keeps
 * pointing at the same text, and is unchosen when it was the one removed.
 */
export function withoutOption(
  question: Pick<QuestionValues, 'options' | 'correctOption'>,
  index: number,
): Pick<QuestionValues, 'options' | 'correctOption'> {
  const { options, correctOption } = question;
  return {
    options: options.filter((_, at) => at !== index),
    correctOption:
      correctOption === index ? -1 : correctOption > index ? correctOption - 1 : correctOption,
  };
}

/** A problem the server placed at a field of the form ("/questions/2/segmentId"). */
export interface FieldRefusal {
  /** The form's name for the field: "questions.2.segmentId". */
  name: FieldPath<QuestionsFormValues>;
  message: string;
}

const QUESTION_FIELD = /^\/questions\/\d+(?:\/[A-Za-z0-9]+)*$/;

/** The problems of a refused save that sit at a field of the form, each with its field's name. */
export function fieldRefusals(error: unknown): FieldRefusal[] {
  if (!isApiError(error)) return [];
  const issues = (error.details as ErrorDetails | undefined)?.issues ?? [];
  return issues.flatMap((issue) =>
    QUESTION_FIELD.test(issue.path)
      ? [
          {
            name: issue.path.slice(1).replaceAll('/', '.') as FieldRefusal['name'],
            message: issue.message,
          },
        ]
      : [],
  );
}

/** A transcript line as the line select lists it: its number and its text, as written. */
export const lineLabel = (text: string, index: number) => `${index + 1}. ${text}`;
