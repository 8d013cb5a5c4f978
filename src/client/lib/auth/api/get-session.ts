import type { SessionResponse } from '#shared/contracts/auth';
import { KEPT_ANSWER_HEADER, SESSION_ANSWER_PATH } from '#shared/offline/account-stamp';
import { apiFetch } from '#client/lib/api-client';

/** The session answer, and whether the service worker gave it from what it kept (offline). */
export interface SessionCheck extends SessionResponse {
  kept: boolean;
}

// Types only from the contract: zod stays out of the first load (decision 006).
export async function getSession(signal?: AbortSignal): Promise<SessionCheck> {
  let kept = false;
  const session = await apiFetch<SessionResponse>(SESSION_ANSWER_PATH, {
    signal,
    cache: 'no-store',
    onHeaders: (headers) => (kept = headers.has(KEPT_ANSWER_HEADER)),
  });
  return { ...session, kept };
}
