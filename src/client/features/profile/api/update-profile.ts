import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '#client/lib/api-client';
import { profileQueryOptions, type ProfileResponse } from './get-profile';

export const updateProfile = (input: { fullName: string }) =>
  apiFetch<ProfileResponse>('/api/me/profile', { method: 'PATCH', json: input });

/** Saves the full name; the cached profile takes the server's answer. */
export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['me', 'profile', 'update'],
    mutationFn: updateProfile,
    onSuccess: (data) => queryClient.setQueryData(profileQueryOptions().queryKey, data),
  });
}
