import { queryOptions, useQuery } from '@tanstack/react-query';
import { useCallback } from 'react';
import {
  defaultSortOrder,
  type FileListQuery,
  type FileListResponse,
} from '#shared/contracts/admin-files';
import type { Bucket } from '#shared/files';
import { apiFetch } from '#client/lib/api-client';

/** Every admin-files query sits under this key: mutations refresh them all at once. */
export const adminFilesQueryRoot = ['admin', 'files'] as const;

/** The query string of a list request: only what was asked for, in one order (one cache entry). */
function listSearch(query: FileListQuery): string {
  const params = new URLSearchParams();
  if (query.storyId) params.set('storyId', query.storyId);
  if (query.usage) params.set('usage', query.usage);
  const sort = query.sort ?? 'date';
  if (sort !== 'date') params.set('sort', sort);
  if (query.order && query.order !== defaultSortOrder[sort]) params.set('order', query.order);
  const search = params.toString();
  return search === '' ? '' : `?${search}`;
}

/** Uploaded files with where each is used; newest first unless the query sorts otherwise. */
export const filesQueryOptions = (query: FileListQuery = {}) => {
  const search = listSearch(query);
  return queryOptions({
    queryKey: [...adminFilesQueryRoot, 'list', search] as const,
    queryFn: ({ signal }) => apiFetch<FileListResponse>(`/api/admin/files${search}`, { signal }),
  });
};

const selectFiles = (data: FileListResponse) => data.files;

/** Uploaded files, each with its uses, filtered and sorted as asked (all, newest first). */
export const useFiles = (query: FileListQuery = {}) =>
  useQuery({ ...filesQueryOptions(query), select: selectFiles });

const fileKey = (bucket: Bucket, key: string) => `${bucket}/${key}`;
const selectNames = (data: FileListResponse) =>
  new Map(
    data.files.map((file) => [fileKey(file.bucketName, file.filePath), file.originalFilename]),
  );

/**
 * The original name of a stored file, from its bucket and object key (what chapters keep): the
 * admin area shows names people gave their files, never storage keys. Undefined while the list
 * loads, or when no upload record names the object. `enabled: false` asks nothing (every name
 * is known already).
 */
export function useStoredFileNames({ enabled = true }: { enabled?: boolean } = {}) {
  const names = useQuery({ ...filesQueryOptions(), select: selectNames, enabled });
  const data = names.data;
  const nameOf = useCallback(
    (bucket: Bucket, key: string): string | undefined => data?.get(fileKey(bucket, key)),
    [data],
  );
  return { nameOf, isPending: names.isPending };
}
