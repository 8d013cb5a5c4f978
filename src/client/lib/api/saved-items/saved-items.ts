import {
  queryOptions,
  useMutation,
  useQueryClient,
  type InfiniteData,
  type QueryClient,
} from '@tanstack/react-query';
import type { SaveItemBody, SavedItem, SavedItemList } from '#shared/contracts/saved-items';
import { SAVED_ITEMS_PAGE_MAX, savedItemRoutes } from '#shared/contracts/saved-items-routes';
import { apiFetch } from '#client/lib/api-client';
import { reviewSummaryKey } from '#client/lib/api/review/get-review-summary';
import { useAuth } from '#client/lib/auth/auth-context';
import { getSyncEngine } from '#client/lib/sync/sync-engines';
import type { SyncEntry } from '#client/lib/sync/sync-kind';
import { savedItemSync, type SavedItemChange } from './saved-item-sync';

/*
 * Saved words and sentences (decision 035): the player saves and marks them, My words lists,
 * searches and deletes them; saves and deletes go through the learner-sync engine (decision 057),
 * so they are kept and sent later when made offline. Every cache entry of the learner's items
 * starts with `savedItemsKey`, so a save or a delete refreshes them all.
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

/** A saved item the server answered: the chapter's list (player marks) has it at once. */
export function rememberSavedItem(queryClient: QueryClient, item: SavedItem): void {
  queryClient.setQueryData(chapterSavedItemsQueryOptions(item.chapterId).queryKey, (list) =>
    list && !list.items.some((known) => known.id === item.id)
      ? { ...list, items: [item, ...list.items], total: list.total + 1 }
      : list,
  );
}

const refreshAll = (queryClient: QueryClient) =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: savedItemsKey }),
    // A card came or went: the header's count follows.
    queryClient.invalidateQueries({ queryKey: reviewSummaryKey }),
  ]);

const submit = (userId: string | undefined, change: SavedItemChange) => {
  if (!userId) throw new Error('Saved items need a signed-in learner');
  return getSyncEngine(userId).submit(savedItemSync, change);
};

/**
 * Save a line or a word through the learner-sync engine (decision 057): resolves with the item
 * when the server answered now, with null when the save waits for the connection (the player marks
 * it from what waits meanwhile); every list of saved items is refreshed after a delivery.
 */
export function useSaveItem() {
  const queryClient = useQueryClient();
  const userId = useAuth().user?.id;
  return useMutation({
    // Kept on the device while offline: never paused by the query client's online state.
    networkMode: 'always',
    mutationKey: [...savedItemsKey, 'save'],
    mutationFn: async (body: SaveItemBody): Promise<SavedItem | null> => {
      const result = await submit(userId, { op: 'save', body });
      return result.sent ? result.answer : null;
    },
    onSuccess: (item) => {
      if (!item) return;
      rememberSavedItem(queryClient, item);
      void refreshAll(queryClient);
    },
  });
}

type SavedItemsData = SavedItemList | InfiniteData<SavedItemList> | undefined;

/** A list of saved items without some of them (lists and paged lists alike). */
export function withoutSavedItems<Data extends SavedItemsData>(
  data: Data,
  ids: ReadonlySet<string>,
): Data {
  if (!data || ids.size === 0) return data;
  const drop = (page: SavedItemList): SavedItemList => {
    const items = page.items.filter((item) => !ids.has(item.id));
    return items.length === page.items.length
      ? page
      : { ...page, items, total: page.total - (page.items.length - items.length) };
  };
  return ('pages' in data ? { ...data, pages: data.pages.map(drop) } : drop(data)) as Data;
}

/** The ids of saved items deleted here and not yet delivered: lists leave them out. */
export const pendingSavedItemDeletes = (
  entries: readonly SyncEntry<SavedItemChange>[],
): ReadonlySet<string> =>
  new Set(entries.flatMap(({ data }) => (data.op === 'delete' ? [data.id] : [])));

/** Delete through the engine: gone from every list at once, sent now or when back online. */
export function useDeleteSavedItem() {
  const queryClient = useQueryClient();
  const userId = useAuth().user?.id;
  return useMutation({
    // Kept on the device while offline: never paused by the query client's online state.
    networkMode: 'always',
    mutationKey: [...savedItemsKey, 'delete'],
    mutationFn: (id: string) => submit(userId, { op: 'delete', id }),
    onSuccess: (result, id) => {
      queryClient.setQueriesData<SavedItemsData>({ queryKey: savedItemsKey }, (data) =>
        withoutSavedItems(data, new Set([id])),
      );
      if (result.sent) void refreshAll(queryClient);
    },
    onError: () => refreshAll(queryClient),
  });
}
