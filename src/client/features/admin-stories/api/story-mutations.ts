import type { QueryClient } from '@tanstack/react-query';
import type { AdminStory } from '#shared/contracts/admin-stories';
import {
  adminStoriesQueryOptions,
  adminStoriesQueryRoot,
} from '#client/lib/api/admin/get-admin-stories';
import { dashboardQueryOptions } from '#client/lib/api/admin/get-dashboard';
import { storiesQueryRoot } from '#client/lib/query-client';

/** Puts a story the server returned into the cached list at once, before the refetch. */
export function replaceInList(queryClient: QueryClient, story: AdminStory) {
  queryClient.setQueryData(adminStoriesQueryOptions().queryKey, (data) =>
    data ? { stories: data.stories.map((item) => (item.id === story.id ? story : item)) } : data,
  );
}

/**
 * Refreshes what a story change shows in: the admin lists, the learners' story queries (library,
 * story pages, player) and the admin dashboard's counts.
 */
export function refreshStories(queryClient: QueryClient) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: adminStoriesQueryRoot }),
    queryClient.invalidateQueries({ queryKey: storiesQueryRoot }),
    queryClient.invalidateQueries({ queryKey: dashboardQueryOptions().queryKey }),
  ]);
}
