import { apiFetch } from '#client/lib/api-client';

export interface SignUpInput {
  email: string;
  password: string;
  fullName: string;
}

export const signUpRequest = (input: SignUpInput): Promise<{ email: string }> =>
  apiFetch<{ email: string }>('/api/auth/sign-up', { method: 'POST', json: input });
