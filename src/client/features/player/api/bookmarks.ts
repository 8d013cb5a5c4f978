import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Bookmark } from '#shared/contracts/bookmarks';
import { apiFetch } from '#client/lib/api-client';

/*
 * The bookmarks API: list a chapter's, create, edit a note, delete. One module because the four
 * calls share the cache entry they keep in order.
 */

const byPosition = (a: Bookmark, b: Bookmark) => a.positionSeconds - b.positionSeconds;

export const getBookmarks = async (chapterId: string, signal?: AbortSignal) => {
  const { bookmarks } = await apiFetch<{ bookmarks: Bookmark[] }>(
    `/api/bookmarks?chapterId=${encodeURIComponent(chapterId)}`,
    { signal },
  );
  return [...bookmarks].sort(byPosition);
};

export const bookmarksQueryOptions = (chapterId: string) =>
  queryOptions({
    queryKey: ['me', 'bookmarks', chapterId] as const,
    queryFn: ({ signal }) => getBookmarks(chapterId, signal),
  });

export const useBookmarks = (chapterId: string, enabled: boolean) =>
  useQuery({ ...bookmarksQueryOptions(chapterId), enabled });

export interface NewBookmark {
  chapterId: string;
  positionSeconds: number;
  segmentId?: string;
  note?: string;
}

export const createBookmark = async (input: NewBookmark) =>
  (await apiFetch<{ bookmark: Bookmark }>('/api/bookmarks', { method: 'POST', json: input }))
    .bookmark;

export const updateBookmark = async ({ id, note }: { id: string; note: string | null }) =>
  (
    await apiFetch<{ bookmark: Bookmark }>(`/api/bookmarks/${encodeURIComponent(id)}`, {
      method: 'PATCH',
      json: { note },
    })
  ).bookmark;

export const deleteBookmark = (id: string) =>
  apiFetch<void>(`/api/bookmarks/${encodeURIComponent(id)}`, { method: 'DELETE' });

/** Create, edit and delete; the chapter's list in the cache follows each answer. */
export function useBookmarkMutations(chapterId: string) {
  const queryClient = useQueryClient();
  const { queryKey } = bookmarksQueryOptions(chapterId);
  const replace = (update: (list: Bookmark[]) => Bookmark[]) =>
    queryClient.setQueryData(queryKey, (list) => update(list ?? []).sort(byPosition));

  const create = useMutation({
    mutationKey: ['me', 'bookmarks', 'create'],
    mutationFn: createBookmark,
    onSuccess: (bookmark) => replace((list) => [...list, bookmark]),
  });
  const update = useMutation({
    mutationKey: ['me', 'bookmarks', 'update'],
    mutationFn: updateBookmark,
    onSuccess: (bookmark) =>
      replace((list) => list.map((entry) => (entry.id === bookmark.id ? bookmark : entry))),
  });
  const remove = useMutation({
    mutationKey: ['me', 'bookmarks', 'delete'],
    mutationFn: deleteBookmark,
    onSuccess: (_result, id) => replace((list) => list.filter((entry) => entry.id !== id)),
  });
  return { create, update, remove };
}
