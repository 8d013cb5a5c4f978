import { queryOptions, useQuery } from '@tanstack/react-query';
import { reviewRoutes, type ReviewQueue, type ReviewSettings } from '#shared/contracts/review';
import { savedItemRoutes, type SavedItem, type SavedItemList } from '#shared/contracts/saved-items';
import { apiFetch } from '#client/lib/api-client';
import { timezoneOffsetQuery } from '#client/lib/api/review/get-review-summary';

export const reviewQueueKey = ['me', 'review', 'queue'] as const;
export const reviewSettingsKey = ['me', 'review', 'settings'] as const;

/** The cards to review now: fetched once per visit (the session then runs from it). */
export const reviewQueueQueryOptions = () =>
  queryOptions({
    queryKey: reviewQueueKey,
    queryFn: ({ signal }) =>
      apiFetch<ReviewQueue>(`${reviewRoutes.queue}?${timezoneOffsetQuery()}`, { signal }),
    staleTime: Infinity,
    refetchOnWindowFocus: false,
  });
export const useReviewQueue = () => useQuery(reviewQueueQueryOptions());

export const reviewSettingsQueryOptions = () =>
  queryOptions({
    queryKey: reviewSettingsKey,
    queryFn: ({ signal }) =>
      apiFetch<{ settings: ReviewSettings }>(reviewRoutes.settings, { signal }),
    select: (data) => data.settings,
  });
export const useReviewSettings = () => useQuery(reviewSettingsQueryOptions());

export const updateReviewSettings = (settings: ReviewSettings) =>
  apiFetch<{ settings: ReviewSettings }>(reviewRoutes.settings, { method: 'PUT', json: settings });

/** Every saved item, page after page (the export and the next due date need them all). */
export async function fetchAllSavedItems(signal?: AbortSignal): Promise<SavedItem[]> {
  const items: SavedItem[] = [];
  let before: string | null = null;
  do {
    const params = new URLSearchParams({ limit: '100' });
    if (before) params.set('before', before);
    const page: SavedItemList = await apiFetch<SavedItemList>(
      `${savedItemRoutes.list}?${params.toString()}`,
      { signal },
    );
    items.push(...page.items);
    before = page.nextCursor;
  } while (before);
  return items;
}

export const allSavedItemsKey = ['me', 'saved-items', 'all'] as const;
export const useAllSavedItems = (enabled: boolean) =>
  useQuery({
    queryKey: allSavedItemsKey,
    queryFn: ({ signal }) => fetchAllSavedItems(signal),
    enabled,
  });
