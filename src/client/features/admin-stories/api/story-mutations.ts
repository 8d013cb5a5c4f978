import type { QueryClient } from '@tanstack/react-query';
import type { AdminStory } from '#shared/contracts/admin-stories';
import {
  adminStoriesListKey,
  adminStoriesRootKey,
  type AdminStoryListResponse,
} from './get-admin-stories';

/** The learners' story queries (library, story pages, player): a change shows there at once. */
const publicStoriesKey = ['stories'] as const;
/** The admin dashboard's counts include stories. */
const adminDashboardKey = ['admin', 'dashboard'] as const;

/** Puts a story the server returned into the cached list at once, before the refetch. */
export function replaceInList(queryClient: QueryClient, story: AdminStory) {
  queryClient.setQueryData<AdminStoryListResponse>(adminStoriesListKey, (data) =>
    data ? { stories: data.stories.map((item) => (item.id === story.id ? story : item)) } : data,
  );
}

export function refreshStories(queryClient: QueryClient) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: adminStoriesRootKey }),
    queryClient.invalidateQueries({ queryKey: publicStoriesKey }),
    queryClient.invalidateQueries({ queryKey: adminDashboardKey }),
  ]);
}
