import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { SaveItemBody, SavedItem, SavedItemList } from '#shared/contracts/saved-items';
import { SAVED_ITEMS_PAGE_MAX, savedItemRoutes } from '#shared/contracts/saved-items-routes';
import { apiFetch } from '#client/lib/api-client';
import { reviewSummaryKey } from '#client/lib/api/review/get-review-summary';

/*
 * Saved words and sentences (decision 035): the player saves and marks them, My words lists,
 * searches and deletes them. Every cache entry of the learner's items starts with `savedItemsKey`,
 * so a save or a delete refreshes them all.
 */

export const savedItemsKey = ['me', 'saved-items'] as const;

export const getSavedItems = (
  query: { q?: string; chapterId?: string; limit?: number; before?: string },
  signal?: AbortSignal,
) => {
  const params = new URLSearchParams();
  if (query.q) params.set('q', query.q);
  if (query.chapterId) params.set('chapterId', query.chapterId);
  if (query.limit) params.set('limit', String(query.limit));
  if (query.before) params.set('before', query.before);
  const search = params.toString();
  return apiFetch<SavedItemList>(`${savedItemRoutes.list}${search ? `?${search}` : ''}`, {
    signal,
  });
};

/** A chapter's saved items (the player marks its lines and words with them). */
export const chapterSavedItemsQueryOptions = (chapterId: string) =>
  queryOptions({
    queryKey: [...savedItemsKey, 'chapter', chapterId] as const,
    queryFn: ({ signal }) => getSavedItems({ chapterId, limit: SAVED_ITEMS_PAGE_MAX }, signal),
  });

export const saveItem = async (body: SaveItemBody) =>
  (await apiFetch<{ item: SavedItem }>(savedItemRoutes.create, { method: 'POST', json: body }))
    .item;

export const deleteSavedItem = (id: string) =>
  apiFetch<void>(savedItemRoutes.remove(id), { method: 'DELETE' });

/** Save a line or a word; every list of saved items is refreshed after. */
export function useSaveItem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...savedItemsKey, 'save'],
    mutationFn: saveItem,
    onSuccess: (item) => {
      queryClient.setQueryData(chapterSavedItemsQueryOptions(item.chapterId).queryKey, (list) =>
        list && !list.items.some((known) => known.id === item.id)
          ? { ...list, items: [item, ...list.items], total: list.total + 1 }
          : list,
      );
      void queryClient.invalidateQueries({ queryKey: savedItemsKey });
      // A new card is waiting: the header's count follows.
      void queryClient.invalidateQueries({ queryKey: reviewSummaryKey });
    },
  });
}

export function useDeleteSavedItem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...savedItemsKey, 'delete'],
    mutationFn: deleteSavedItem,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: savedItemsKey }),
        queryClient.invalidateQueries({ queryKey: reviewSummaryKey }),
      ]),
  });
}
