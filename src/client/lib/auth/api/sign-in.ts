import type { CurrentUser } from '#shared/contracts/auth';
import { apiFetch } from '#client/lib/api-client';

export interface SignInInput {
  email: string;
  password: string;
  rememberMe: boolean;
}

export const signInRequest = (input: SignInInput): Promise<{ user: CurrentUser }> =>
  apiFetch<{ user: CurrentUser }>('/api/auth/sign-in', { method: 'POST', json: input });
