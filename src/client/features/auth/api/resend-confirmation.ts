import { apiFetch } from '#client/lib/api-client';

export const resendConfirmation = (email: string): Promise<{ ok: true }> =>
  apiFetch<{ ok: true }>('/api/auth/resend-confirmation', { method: 'POST', json: { email } });
