import { useMutation, useQueryClient } from '@tanstack/react-query';
import { sendFile } from '#client/lib/uploads/send-file';
import { profileQueryOptions, type ProfileResponse } from './get-profile';

/** The new avatar (the server checks it again by content); answers the updated profile. */
export const uploadAvatar = (file: File) => sendFile<ProfileResponse>('/api/me/avatar', file);

export function useUploadAvatar() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['me', 'avatar', 'upload'],
    mutationFn: uploadAvatar,
    onSuccess: (data) => queryClient.setQueryData(profileQueryOptions().queryKey, data),
  });
}
