import type { QueryClient } from '@tanstack/react-query';
import type { SiteSettings } from '#shared/contracts/site';
import type { Story, StoryListResponse } from '#shared/contracts/stories';
import type { Transcript } from '#shared/transcript';
import { INLINED_KEYS, parseInlinedKey, slugOfInlinedStoryKey } from '#shared/server-render';
import { chapterQueryOptions, type ChapterResponse } from '#client/lib/api/chapters/get-chapter';
import { transcriptQueryOptions } from '#client/lib/api/chapters/get-transcript';
import { siteSettingsQueryOptions } from '#client/lib/api/site/get-site-settings';
import { storiesQueryOptions } from '#client/lib/api/stories/get-stories';
import { storyQueryOptions } from '#client/lib/api/stories/get-story';
import { storyBySlugQueryOptions } from '#client/lib/api/stories/get-story-by-slug';

/**
 * Puts the page's inlined data into the server render's query cache, under the keys the browser's
 * queries will find it at (there through `initialData`), so both render the same markup.
 */
export function seedInlinedQueries(queryClient: QueryClient, data: Record<string, unknown>): void {
  for (const [key, value] of Object.entries(data)) {
    if (value === undefined || value === null) continue;
    // The data is the API's response, typed by contract (src/shared/contracts), not re-checked.
    const slug = slugOfInlinedStoryKey(key);
    const named = parseInlinedKey(key);
    if (key === INLINED_KEYS.stories)
      queryClient.setQueryData(storiesQueryOptions().queryKey, value as StoryListResponse);
    else if (key === INLINED_KEYS.siteSettings)
      queryClient.setQueryData(siteSettingsQueryOptions().queryKey, value as SiteSettings);
    else if (slug !== undefined)
      queryClient.setQueryData(
        storyBySlugQueryOptions(slug, queryClient).queryKey,
        value as { story: Story },
      );
    else if (named?.kind === 'chapter')
      queryClient.setQueryData(chapterQueryOptions(named.id).queryKey, value as ChapterResponse);
    else if (named?.kind === 'story-id')
      queryClient.setQueryData(storyQueryOptions(named.id).queryKey, value as { story: Story });
    else if (named?.kind === 'transcript')
      queryClient.setQueryData(transcriptQueryOptions(named.id).queryKey, {
        transcript: value as Transcript,
        available: true,
      });
  }
}
