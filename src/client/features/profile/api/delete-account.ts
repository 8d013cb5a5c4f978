import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '#client/lib/api-client';

/** 204; 401 INVALID_CREDENTIALS when the password is wrong. */
export const deleteAccount = (password: string) =>
  apiFetch<void>('/api/account', { method: 'DELETE', json: { password } });

export const useDeleteAccount = () =>
  useMutation({ mutationKey: ['me', 'account', 'delete'], mutationFn: deleteAccount });
