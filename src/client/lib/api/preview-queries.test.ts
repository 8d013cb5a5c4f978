import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { chapterQueryOptions } from './chapters/get-chapter';
import { transcriptQueryOptions } from './chapters/get-transcript';
import { storyQueryOptions } from './stories/get-story';
import {
  storyBySlugQueryOptions,
  storyPreviewBySlugQueryOptions,
} from './stories/get-story-by-slug';

const id = '22222222-2222-4222-8222-222222222222';

/** Answers each address with a body naming it, so each cached entry shows where it came from. */
function stubFetch() {
  const mock = vi.fn(async (input: RequestInfo | URL) => {
    const url = String(input);
    const title = url.includes('preview=1') ? 'working copy' : 'published';
    const body =
      url.endsWith('/transcript') || url.endsWith('/transcript?preview=1')
        ? { segments: [{ id: 's1', start: 0, end: 1, text: title, words: [] }] }
        : { story: { title, slug: 'el-mercado' }, chapter: { title } };
    return new Response(JSON.stringify(body), {
      status: 200,
      headers: { 'content-type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', mock);
  return mock;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('preview queries', () => {
  it('ask the API for the working copy and keep it apart from what learners see', async () => {
    const fetchMock = stubFetch();
    const client = new QueryClient();
    const titleIn = (key: readonly unknown[]) =>
      (client.getQueryData(key) as { story: { title: string } } | undefined)?.story.title;
    const chapter = [chapterQueryOptions(id), chapterQueryOptions(id, true)] as const;
    await client.fetchQuery(chapter[0]);
    await client.fetchQuery(chapter[1]);
    const story = [storyQueryOptions(id), storyQueryOptions(id, true)] as const;
    await client.fetchQuery(story[0]);
    await client.fetchQuery(story[1]);
    const bySlug = [
      storyBySlugQueryOptions('el-mercado', client),
      storyPreviewBySlugQueryOptions('el-mercado'),
    ] as const;
    await client.fetchQuery(bySlug[0]);
    await client.fetchQuery(bySlug[1]);
    for (const [published, preview] of [chapter, story, bySlug]) {
      expect(titleIn(published.queryKey)).toBe('published');
      expect(titleIn(preview.queryKey)).toBe('working copy');
    }
    await client.fetchQuery(transcriptQueryOptions(id));
    await client.fetchQuery(transcriptQueryOptions(id, true));
    expect(
      client.getQueryData(transcriptQueryOptions(id).queryKey)?.transcript.segments[0]?.text,
    ).toBe('published');
    expect(
      client.getQueryData(transcriptQueryOptions(id, true).queryKey)?.transcript.segments[0]?.text,
    ).toBe('working copy');
    expect(fetchMock.mock.calls.map(([url]) => String(url))).toEqual([
      `/api/chapters/${id}`,
      `/api/chapters/${id}?preview=1`,
      `/api/stories/${id}`,
      `/api/stories/${id}?preview=1`,
      '/api/stories/by-slug/el-mercado',
      '/api/stories/by-slug/el-mercado?preview=1',
      `/api/chapters/${id}/transcript`,
      `/api/chapters/${id}/transcript?preview=1`,
    ]);
  });
});
