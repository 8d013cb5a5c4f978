import { describe, expect, it } from 'vitest';
import { ApiError } from '#client/lib/api-client';
import { describeSaveError } from './save-error';

const generic = (action: string) => ({
  message: `An unexpected error occurred while ${action} the story`,
  hint: 'Please try again or contact support if the problem persists',
  reasons: [],
});

describe('describeSaveError', () => {
  it('uses the generic message for what the client cannot explain', () => {
    expect(describeSaveError(new Error('boom'), false)).toEqual(generic('creating'));
    expect(
      describeSaveError(new ApiError(0, 'NETWORK_ERROR', 'Could not reach the server'), true),
    ).toEqual(generic('updating'));
    expect(
      describeSaveError(new ApiError(500, 'INTERNAL_ERROR', 'Something went wrong'), false),
    ).toEqual(generic('creating'));
    expect(describeSaveError(new ApiError(502, 'HTTP_502', 'Bad Gateway'), true)).toEqual(
      generic('updating'),
    );
  });

  it('shows the API’s reason, its hint and the refused fields', () => {
    expect(
      describeSaveError(
        new ApiError(409, 'CONFLICT', 'A story with this title already exists', {
          hint: 'Please choose a different title',
        }),
        false,
      ),
    ).toEqual({
      message: 'A story with this title already exists',
      hint: 'Please choose a different title',
      reasons: [],
    });
    expect(
      describeSaveError(
        new ApiError(400, 'VALIDATION_ERROR', 'The request is not valid', {
          issues: [
            { path: '/title', message: 'Story title is required' },
            { path: '/chapters/1/title', message: 'Chapter 2 title is required' },
            { path: '/chapters/1/title', message: 'Chapter 2 title is required' },
          ],
        }),
        false,
      ),
    ).toEqual({
      message: 'The request is not valid',
      hint: null,
      reasons: ['Story title is required', 'Chapter 2 title is required'],
    });
  });
});
