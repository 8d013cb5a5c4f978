import { describe, expect, it } from 'vitest';
import { ApiError } from '#client/lib/api-client';
import { fieldRefusals, lineLabel, newQuestion, withoutOption } from './question-edits';

describe('question edits', () => {
  it('starts a question with two empty options and no correct one chosen', () => {
    expect(newQuestion()).toEqual({
      text: '',
      options: ['', ''],
      correctOption: -1,
      segmentId: null,
    });
  });

  it('keeps the correct option on its text when another option is removed', () => {
    const question = { options: ['a', 'b', 'c'], correctOption: 1 };
    expect(withoutOption(question, 0)).toEqual({ options: ['b', 'c'], correctOption: 0 });
    expect(withoutOption(question, 2)).toEqual({ options: ['a', 'b'], correctOption: 1 });
    expect(withoutOption(question, 1)).toEqual({ options: ['a', 'c'], correctOption: -1 });
  });

  it('places the server’s problems at the form’s fields, and only those', () => {
    const refused = new ApiError(400, 'VALIDATION_ERROR', 'No', {
      issues: [
        { path: '/questions/2/segmentId', message: 'Not a line' },
        { path: '/questions/0/options/1', message: 'Same' },
        { path: '/questions', message: 'Too many' },
        { path: '/other', message: 'Elsewhere' },
      ],
    });
    expect(fieldRefusals(refused)).toEqual([
      { name: 'questions.2.segmentId', message: 'Not a line' },
      { name: 'questions.0.options.1', message: 'Same' },
    ]);
    expect(fieldRefusals(new Error('network'))).toEqual([]);
  });

  it('lists a line by its number and its text as written', () => {
    expect(lineLabel('Hace sol.', 1)).toBe('2. Hace sol.');
  });
});
