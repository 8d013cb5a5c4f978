import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminFilesQueryRoot } from '#client/lib/api/admin/get-files';
import { uploadAdminFile, uploadAdminFileMutationKey } from '#client/lib/api/admin/upload-file';

/** Uploads one file of the wizard; the Files tab's list is refreshed afterwards. */
export function useUploadFile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: uploadAdminFileMutationKey,
    mutationFn: uploadAdminFile,
    // Each attempt stores a new file: the admin decides whether to send it again.
    retry: false,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: adminFilesQueryRoot });
    },
  });
}
