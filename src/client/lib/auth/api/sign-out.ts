import { apiFetch } from '#client/lib/api-client';

export const signOutRequest = (): Promise<void> =>
  apiFetch<void>('/api/auth/sign-out', { method: 'POST' });
