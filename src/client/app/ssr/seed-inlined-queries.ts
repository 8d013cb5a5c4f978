import type { QueryClient } from '@tanstack/react-query';
import type { SiteSettings } from '#shared/contracts/site';
import { siteSettingsQueryOptions } from '#client/features/site/api/get-site-settings';
import { storiesQueryKey } from '#client/features/stories/api/get-stories';
import { storyBySlugQueryKey } from '#client/features/stories/api/get-story-by-slug';

/**
 * Puts the page's inlined data into the server render's query cache, under the keys the browser's
 * queries will find it at (there through `initialData`), so both render the same markup.
 */
export function seedInlinedQueries(queryClient: QueryClient, data: Record<string, unknown>): void {
  for (const [key, value] of Object.entries(data)) {
    if (value === undefined || value === null) continue;
    // The data is the API's response, typed by contract (src/shared/contracts), not re-checked.
    if (key === 'stories') queryClient.setQueryData(storiesQueryKey, value);
    else if (key === 'site-settings')
      queryClient.setQueryData(siteSettingsQueryOptions().queryKey, value as SiteSettings);
    else if (key.startsWith('story:'))
      queryClient.setQueryData(storyBySlugQueryKey(key.slice('story:'.length)), value);
  }
}
