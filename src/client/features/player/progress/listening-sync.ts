import type { z } from 'zod';
import type {
  ReportListeningBody,
  reportListeningResponseSchema,
} from '#shared/contracts/progress';
import { apiFetch } from '#client/lib/api-client';
import type { NewestWinsKind } from '#client/lib/sync/sync-kind';

/**
 * Listening time through the learner-sync engine (decisions 033, 057): a player visit's running
 * total, kept per listening session. The total only grows and the server keeps the largest, so the
 * newest report of a session is the only one worth sending, today or after a closed tab.
 */
export type ReportListeningResponse = z.infer<typeof reportListeningResponseSchema>;

export const listeningSync: NewestWinsKind<ReportListeningBody, ReportListeningResponse> = {
  name: 'listening',
  combine: 'newest',
  keyOf: (report) => report.sessionId,
  send: ({ data }, { keepalive }) => {
    const body: ReportListeningBody = {
      sessionId: data.sessionId,
      chapterId: data.chapterId,
      listenedSeconds: data.listenedSeconds,
    };
    return apiFetch<ReportListeningResponse>('/api/progress/listening', {
      method: 'POST',
      json: body,
      keepalive,
    });
  },
};
