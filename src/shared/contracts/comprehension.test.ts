import { describe, expect, it } from 'vitest';
import {
  chapterQuestionSchema,
  comprehensionMessages as says,
  optionKey,
  sameQuestions,
  saveChapterQuestionsRequestSchema,
  type ChapterQuestion,
} from './comprehension.ts';
import {
  packageQuestionSchema,
  questionForPackage,
  questionFromPackage,
  storyPackageMessages,
} from './story-packages.ts';

const question: ChapterQuestion = {
  text: '¿Dónde vive Lucía?',
  options: ['En un pueblo', 'En la ciudad'],
  correctOption: 0,
  segmentId: 's2',
};

/** Each problem of `value` as [JSON path, message]. */
const problems = (value: unknown) =>
  (chapterQuestionSchema.safeParse(value).error?.issues ?? []).map((issue) => [
    issue.path.join('/'),
    issue.message,
  ]);

describe('chapterQuestionSchema', () => {
  it('takes 2 to 4 options, a question of up to 300 characters and options of up to 150', () => {
    expect(problems(question)).toEqual([]);
    expect(problems({ ...question, options: ['a', 'b', 'c', 'd'], correctOption: 3 })).toEqual([]);
    expect(
      problems({ ...question, text: 'q'.repeat(300), options: ['o'.repeat(150), 'b'] }),
    ).toEqual([]);
    expect(problems({ ...question, options: ['a'] })).toEqual([['options', says.tooFewOptions]]);
    expect(problems({ ...question, options: ['a', 'b', 'c', 'd', 'e'] })).toEqual([
      ['options', says.tooManyOptions],
    ]);
    expect(problems({ ...question, text: 'q'.repeat(301) })).toEqual([
      ['text', says.questionTooLong],
    ]);
    expect(problems({ ...question, options: ['a', 'o'.repeat(151)] })).toEqual([
      ['options/1', says.optionTooLong],
    ]);
  });

  it('trims texts, and refuses what is empty once trimmed or holds NUL', () => {
    expect(
      chapterQuestionSchema.parse({ ...question, text: '  ¿Dónde? ', options: [' a', 'b  '] }),
    ).toMatchObject({ text: '¿Dónde?', options: ['a', 'b'] });
    expect(problems({ ...question, text: '   ' })).toEqual([['text', says.questionRequired]]);
    expect(problems({ ...question, options: ['a', ' \n '] })).toEqual([
      ['options/1', says.optionRequired],
    ]);
    expect(problems({ ...question, options: ['a', 'b\0'] })).toEqual([['options/1', says.noNul]]);
  });

  it('refuses two options a learner would read as the same, at the second', () => {
    expect(optionKey('  En  la CIUDAD ')).toBe(optionKey('en la ciudad'));
    expect(problems({ ...question, options: ['En la ciudad', 'Sí', ' en  la ciudad'] })).toEqual([
      ['options/2', says.sameOption],
    ]);
    // Accents make another word: "sí" is not "si".
    expect(problems({ ...question, options: ['Sí', 'Si'] })).toEqual([]);
  });

  it('needs the correct option to be one of the options', () => {
    expect(problems({ ...question, correctOption: 2 })).toEqual([
      ['correctOption', says.chooseCorrect],
    ]);
    expect(problems({ ...question, correctOption: -1 })).toEqual([
      ['correctOption', says.chooseCorrect],
    ]);
    expect(problems({ ...question, correctOption: 0.5 })).toHaveLength(1);
  });

  it('names a line or none, and nothing else', () => {
    expect(problems({ ...question, segmentId: null })).toEqual([]);
    expect(problems({ ...question, segmentId: '' })).toHaveLength(1);
    expect(problems({ ...question, hint: 'x' })).toHaveLength(1);
  });
});

describe('saveChapterQuestionsRequestSchema', () => {
  it('takes up to ten questions', () => {
    const ten = Array.from({ length: 10 }, () => question);
    expect(saveChapterQuestionsRequestSchema.safeParse({ questions: ten }).success).toBe(true);
    const eleven = saveChapterQuestionsRequestSchema.safeParse({ questions: [...ten, question] });
    expect(eleven.error?.issues.map((issue) => [issue.path, issue.message])).toEqual([
      [['questions'], says.tooManyQuestions],
    ]);
  });
});

describe('sameQuestions', () => {
  it('compares order, texts, options, answer and line', () => {
    const other: ChapterQuestion = { ...question, text: '¿Quién?' };
    expect(sameQuestions([question, other], [{ ...question }, { ...other }])).toBe(true);
    expect(sameQuestions([question, other], [other, question])).toBe(false);
    expect(sameQuestions([question], [{ ...question, options: ['En un pueblo', 'En casa'] }])).toBe(
      false,
    );
    expect(sameQuestions([question], [{ ...question, correctOption: 1 }])).toBe(false);
    expect(sameQuestions([question], [{ ...question, segmentId: null }])).toBe(false);
    expect(sameQuestions([question], [])).toBe(false);
    expect(sameQuestions([], [])).toBe(true);
  });
});

describe('questions in story packages', () => {
  const lines = ['s1', 's2', 's3'];

  it('writes the answer by its text and the line by its number, and reads them back', () => {
    const written = questionForPackage(question, lines);
    expect(written).toEqual({
      question: '¿Dónde vive Lucía?',
      options: ['En un pueblo', 'En la ciudad'],
      answer: 'En un pueblo',
      line: 2,
    });
    expect(questionFromPackage(packageQuestionSchema.parse(written), lines)).toEqual(question);
    // A line the transcript no longer has is left out, not made up.
    expect(questionForPackage({ ...question, segmentId: 's9' }, lines)).not.toHaveProperty('line');
    expect(questionForPackage({ ...question, segmentId: null }, lines)).not.toHaveProperty('line');
  });

  it('finds the answer as options are told apart (case and spaces do not count)', () => {
    const read = packageQuestionSchema.parse({
      question: '¿Dónde?',
      options: ['En un pueblo', 'En la ciudad'],
      answer: ' en la CIUDAD',
    });
    expect(questionFromPackage(read, lines)).toMatchObject({ correctOption: 1, segmentId: null });
  });

  it('reports the studio’s rules at the package’s own fields', () => {
    const issues = (value: unknown) =>
      (packageQuestionSchema.safeParse(value).error?.issues ?? []).map((issue) => [
        issue.path.join('/'),
        issue.message,
      ]);
    expect(issues({ question: ' ', options: ['a', 'b'], answer: 'a' })).toEqual([
      ['question', says.questionRequired],
    ]);
    expect(issues({ question: '¿?', options: ['a', 'b'], answer: 'c' })).toEqual([
      ['answer', storyPackageMessages.answerNotAnOption],
    ]);
    expect(issues({ question: '¿?', options: ['a', 'A'], answer: 'a' })).toEqual([
      ['options/1', says.sameOption],
    ]);
    expect(issues({ question: '¿?', options: ['a'], answer: 'a' })).toEqual([
      ['options', says.tooFewOptions],
    ]);
    expect(issues({ question: '¿?', options: ['a', 'b'], answer: 'a', line: 0 })).toHaveLength(1);
  });
});
