import type { SessionResponse } from '#shared/contracts/auth';
import { SESSION_ANSWER_PATH } from '#shared/offline/account-stamp';
import { apiFetch } from '#client/lib/api-client';

// Types only from the contract: zod stays out of the first load (decision 006).
export const getSession = (signal?: AbortSignal): Promise<SessionResponse> =>
  apiFetch<SessionResponse>(SESSION_ANSWER_PATH, { signal, cache: 'no-store' });
