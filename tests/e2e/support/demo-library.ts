import type { APIRequestContext } from '@playwright/test';
import type { Chapter, Story, StoryListResponse } from '#shared/contracts/stories';

/** The one demo story open to everyone (the others require login). */
export const OPEN_STORY_SLUG = 'la-panaderia-de-la-calle-luna';

export async function listStories(request: APIRequestContext): Promise<Story[]> {
  const response = await request.get('/api/stories');
  if (!response.ok()) throw new Error(`GET /api/stories answered ${response.status()}`);
  const body = (await response.json()) as StoryListResponse;
  return body.stories;
}

/** The open demo story and its first chapter (by position), as the API lists them. */
export async function openStoryFirstChapter(
  request: APIRequestContext,
): Promise<{ story: Story; chapter: Chapter }> {
  const stories = await listStories(request);
  const story = stories.find((candidate) => candidate.slug === OPEN_STORY_SLUG);
  if (!story) throw new Error(`The demo story ${OPEN_STORY_SLUG} is not listed`);
  const chapter = [...story.chapters].sort((a, b) => a.position - b.position)[0];
  if (!chapter) throw new Error(`The demo story ${OPEN_STORY_SLUG} has no chapters`);
  return { story, chapter };
}
