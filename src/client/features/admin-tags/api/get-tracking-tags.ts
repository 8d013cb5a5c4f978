import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminTrackingTagListResponse } from '#shared/contracts/admin-tags';
import { apiFetch } from '#client/lib/api-client';

/** Every tag, active or not, newest first. */
export const trackingTagsQueryOptions = () =>
  queryOptions({
    // Under ['admin', …]: dropped at sign-in and sign-out like the user's own data.
    queryKey: ['admin', 'tracking-tags'] as const,
    queryFn: ({ signal }) =>
      apiFetch<AdminTrackingTagListResponse>('/api/admin/tracking-tags', { signal }),
    select: (data) => data.tags,
  });

export const useTrackingTags = () => useQuery(trackingTagsQueryOptions());
