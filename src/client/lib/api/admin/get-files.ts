import { queryOptions, useQuery } from '@tanstack/react-query';
import type { FileListResponse } from '#shared/contracts/admin-files';
import { apiFetch } from '#client/lib/api-client';

/** Every admin-files query sits under this key: mutations refresh them all at once. */
export const adminFilesQueryRoot = ['admin', 'files'] as const;

export const filesQueryOptions = () =>
  queryOptions({
    queryKey: [...adminFilesQueryRoot, 'list'] as const,
    queryFn: ({ signal }) => apiFetch<FileListResponse>('/api/admin/files', { signal }),
    select: (data) => data.files,
  });

/** Uploaded files, newest first, each with the chapters that use it. */
export const useFiles = () => useQuery(filesQueryOptions());
