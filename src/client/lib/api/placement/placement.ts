import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  Placement,
  PlacementAnswersBody,
  PlacementResponse,
  PlacementTest,
} from '#shared/contracts/placement';
import { placementRoutes } from '#shared/contracts/placement-routes';
import { apiFetch } from '#client/lib/api-client';
import { storyKnowledgeQueryOptions } from '#client/lib/api/progress/get-story-knowledge';

/** The learner's placement (decision 071): null when never taken. Under `me`. */
export const placementQueryOptions = () =>
  queryOptions({
    queryKey: ['me', 'placement'] as const,
    queryFn: ({ signal }) => apiFetch<PlacementResponse>(placementRoutes.placement, { signal }),
    select: (data) => data.placement,
  });

export const usePlacement = (enabled = true) => useQuery({ ...placementQueryOptions(), enabled });

/** A fresh test each time it is asked for: never kept, never retried by itself. */
export const placementTestQueryOptions = (attempt: number) =>
  queryOptions({
    queryKey: ['me', 'placement-test', attempt] as const,
    queryFn: ({ signal }) => apiFetch<PlacementTest>(placementRoutes.test, { signal }),
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
  });

/**
 * Sends a test's answers; the placement it gives is shown at once and the stories' shares are
 * read again, since its words now count as known.
 */
export function useTakePlacement() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PlacementAnswersBody) =>
      apiFetch<{ placement: Placement }>(placementRoutes.placement, {
        method: 'POST',
        json: body,
      }),
    onSuccess: ({ placement }) => {
      queryClient.setQueryData(placementQueryOptions().queryKey, { placement });
      return queryClient.invalidateQueries({ queryKey: storyKnowledgeQueryOptions().queryKey });
    },
  });
}
