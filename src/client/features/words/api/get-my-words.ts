import { useCallback } from 'react';
import {
  infiniteQueryOptions,
  keepPreviousData,
  useInfiniteQuery,
  type InfiniteData,
} from '@tanstack/react-query';
import type { SavedItemList } from '#shared/contracts/saved-items';
import { savedItemSync } from '#client/lib/api/saved-items/saved-item-sync';
import {
  getSavedItems,
  pendingSavedItemDeletes,
  savedItemsKey,
  withoutSavedItems,
} from '#client/lib/api/saved-items/saved-items';
import { useAuth } from '#client/lib/auth/auth-context';
import { useSyncEntries } from '#client/lib/sync/use-sync';

const PAGE_SIZE = 30;

/** My words: the learner's saved items newest first, searched by `q`, a page at a time. */
export const myWordsQueryOptions = (q: string) =>
  infiniteQueryOptions({
    queryKey: [...savedItemsKey, 'list', q] as const,
    queryFn: ({ pageParam, signal }) =>
      getSavedItems({ q, limit: PAGE_SIZE, ...(pageParam ? { before: pageParam } : {}) }, signal),
    initialPageParam: '',
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });

/** Items deleted offline and not yet delivered are left out (decisions 041, 057). */
export function useMyWords(q: string) {
  const pending = useSyncEntries(useAuth().user?.id, savedItemSync);
  const select = useCallback(
    (data: InfiniteData<SavedItemList, string>) =>
      withoutSavedItems(data, pendingSavedItemDeletes(pending)),
    [pending],
  );
  return useInfiniteQuery({ ...myWordsQueryOptions(q), placeholderData: keepPreviousData, select });
}
