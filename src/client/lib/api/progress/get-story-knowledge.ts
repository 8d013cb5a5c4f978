import { queryOptions, useQuery } from '@tanstack/react-query';
// Types only: a value from the contract would bring zod into the library's first load.
import type { StoryKnowledge, StoryKnowledgeResponse } from '#shared/contracts/progress';
import { apiFetch } from '#client/lib/api-client';
import { storyKnowledgeQueryKey } from '#client/lib/query-client';

/**
 * How much of each published story the signed-in learner knows (decisions 067, 071): one request
 * for every story. Under `me` (dropped at sign-in and sign-out). Read again when a chapter is
 * completed or a review answered (app/learner-sync.ts) and when placement is taken; offline, the
 * last answer kept is shown.
 */
export const storyKnowledgeQueryOptions = () =>
  queryOptions({
    queryKey: storyKnowledgeQueryKey,
    queryFn: ({ signal }) =>
      apiFetch<StoryKnowledgeResponse>('/api/me/story-knowledge', { signal }),
    select: (data): ReadonlyMap<string, StoryKnowledge> =>
      new Map(data.stories.map((story) => [story.storyId, story])),
  });

/** Each story's knowledge by story id; nothing is asked for a visitor. */
export const useStoryKnowledge = (signedIn: boolean) =>
  useQuery({ ...storyKnowledgeQueryOptions(), enabled: signedIn });
