import type { SessionResponse } from '#shared/contracts/auth';
import { apiFetch } from '#client/lib/api-client';

// Types only from the contract: zod stays out of the first load (decision 006).
export const getSession = (signal?: AbortSignal): Promise<SessionResponse> =>
  apiFetch<SessionResponse>('/api/auth/session', { signal, cache: 'no-store' });
