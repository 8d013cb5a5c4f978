import { apiFetch } from '#client/lib/api-client';

/** Same answer for known and unknown addresses; 429 RATE_LIMITED after 3 requests in 15 min. */
export const requestPasswordReset = (email: string): Promise<{ ok: true }> =>
  apiFetch<{ ok: true }>('/api/auth/forgot-password', { method: 'POST', json: { email } });

export const checkResetToken = (token: string, signal?: AbortSignal): Promise<{ valid: boolean }> =>
  apiFetch<{ valid: boolean }>('/api/auth/reset-password/check', {
    method: 'POST',
    json: { token },
    signal,
  });

/** 400 TOKEN_INVALID for an invalid or used link; 400 VALIDATION_ERROR with `details.problems`. */
export const resetPassword = (token: string, newPassword: string): Promise<{ ok: true }> =>
  apiFetch<{ ok: true }>('/api/auth/reset-password', {
    method: 'POST',
    json: { token, newPassword },
  });
