/** The message a page sends a waiting service worker when the learner chooses Reload (039). */
export const SKIP_WAITING = { type: 'SKIP_WAITING' } as const;

export const isSkipWaitingMessage = (data: unknown): boolean =>
  typeof data === 'object' &&
  data !== null &&
  (data as { type?: unknown }).type === SKIP_WAITING.type;
