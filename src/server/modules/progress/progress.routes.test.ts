import { serializerCompiler } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { saveProgressResponseSchema } from '#shared/contracts/progress';
import { serializeSaveProgress } from './progress.routes.ts';

const zodSerializer = serializerCompiler({
  schema: saveProgressResponseSchema,
  method: 'POST',
  url: '/api/progress',
});

describe('serializeSaveProgress', () => {
  it('writes what the zod serializer writes, extra fields left out as zod leaves them out', () => {
    const answer = {
      applied: true,
      progress: {
        chapterId: '7f3c2a9e-4b1d-4c8e-9a2f-1d2e3f4a5b6c',
        progressPercentage: 12.5,
        completed: false,
        lastPositionSeconds: 30.25,
        lastAccessedAt: '2026-11-26T12:00:00.000Z',
        savedAt: null,
        userId: 'not for the answer',
      },
      newAchievements: ['first-chapter'],
      internal: 'not for the answer',
    };
    const written = serializeSaveProgress(answer);
    expect(written).toBe(zodSerializer(answer));
    expect(written).not.toContain('not for the answer');
  });
});
