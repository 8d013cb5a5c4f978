import type { CurrentUser } from '#shared/contracts/auth';
import { apiFetch } from '#client/lib/api-client';

/** Confirms the address and signs the user in. 400 TOKEN_EXPIRED or TOKEN_INVALID otherwise. */
export const confirmEmailRequest = (token: string): Promise<{ user: CurrentUser }> =>
  apiFetch<{ user: CurrentUser }>('/api/auth/confirm-email', { method: 'POST', json: { token } });
