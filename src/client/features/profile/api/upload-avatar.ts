import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '#client/lib/api-client';
import { profileQueryOptions, type ProfileResponse } from './get-profile';

/** multipart/form-data with the image in the `file` field; the server checks it again. */
export function uploadAvatar(file: File) {
  const body = new FormData();
  body.set('file', file, file.name);
  return apiFetch<ProfileResponse>('/api/me/avatar', { method: 'POST', body });
}

export function useUploadAvatar() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['me', 'avatar', 'upload'],
    mutationFn: uploadAvatar,
    onSuccess: (data) => queryClient.setQueryData(profileQueryOptions().queryKey, data),
  });
}
