import { infiniteQueryOptions, useInfiniteQuery, keepPreviousData } from '@tanstack/react-query';
import { getSavedItems, savedItemsKey } from '#client/lib/api/saved-items/saved-items';

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

export const useMyWords = (q: string) =>
  useInfiniteQuery({ ...myWordsQueryOptions(q), placeholderData: keepPreviousData });
