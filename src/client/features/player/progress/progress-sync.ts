import type { z } from 'zod';
import type { SaveProgressBody, saveProgressResponseSchema } from '#shared/contracts/progress';
import { progressAt } from '#shared/player/progress-rules';
import { apiFetch } from '#client/lib/api-client';
import type { NewestWinsKind } from '#client/lib/sync/sync-kind';

export type SaveProgressResponse = z.infer<typeof saveProgressResponseSchema>;

/** A position as the player recorded it (when: the entry's `madeAt`). */
export interface ProgressSave {
  chapterId: string;
  positionSeconds: number;
  durationSeconds: number;
  /** The tab that saved, so it can ignore its own live events. */
  deviceId: string;
}

/**
 * Progress saves through the learner-sync engine (decisions 009, 057). Only the newest save of a
 * chapter is sent, as the server keeps the newest anyway; a save that completes the chapter has a
 * key of its own, so completion reaches the server even when the player moved on (rewound to 0).
 */
export const progressSync: NewestWinsKind<ProgressSave, SaveProgressResponse> = {
  name: 'progress',
  combine: 'newest',
  keyOf: ({ chapterId, positionSeconds, durationSeconds }) =>
    progressAt(positionSeconds, durationSeconds).completed ? `${chapterId} completed` : chapterId,
  send: ({ data, madeAt }, { sentAt, keepalive }) => {
    const body: SaveProgressBody = {
      chapterId: data.chapterId,
      positionSeconds: data.positionSeconds,
      durationSeconds: data.durationSeconds,
      clientTimestamp: madeAt,
      sentAt,
      deviceId: data.deviceId,
    };
    return apiFetch<SaveProgressResponse>('/api/progress', {
      method: 'POST',
      json: body,
      keepalive,
    });
  },
};
