import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SAVED_ITEMS_PAGE_MAX } from '#shared/contracts/saved-items-routes';
import { IMAGE_SIZES, imageSrcSet, imageUrl } from '#shared/discover/images';
import { chapterAudioUrl, getChapter } from '#client/lib/api/chapters/get-chapter';
import { getTranscript } from '#client/lib/api/chapters/get-transcript';
import { getPreferences } from '#client/lib/api/me/get-preferences';
import { getSession } from '#client/lib/auth/api/get-session';
import { getSavedItems } from '#client/lib/api/saved-items/saved-items';
import { getStories } from '#client/lib/api/stories/get-stories';
import { getStory } from '#client/lib/api/stories/get-story';
import { getStoryBySlug } from '#client/lib/api/stories/get-story-by-slug';
import { chapterDownloadUrls } from './download-urls';
import { recordFetchedUrls } from '#client/test/record-fetched-urls';

const chapter = {
  id: '00000000-0000-4000-8000-000000000001',
  hasAudio: true,
  hasTranscript: true,
  story: {
    id: '11111111-1111-4111-8111-111111111111',
    slug: 'el-faro',
    imageUrl: '/api/files/series-images/faro.webp',
  },
};

let requested: string[];
beforeEach(() => {
  requested = recordFetchedUrls({ segments: [], stories: [], story: {}, items: [] });
});
afterEach(() => vi.unstubAllGlobals());

describe('the URLs a chapter download stores', () => {
  it('are exactly these (decision 040)', () => {
    expect(chapterDownloadUrls(chapter, { signedIn: true })).toEqual({
      chapter: [
        '/api/chapters/00000000-0000-4000-8000-000000000001',
        '/api/chapters/00000000-0000-4000-8000-000000000001/transcript',
        '/api/chapters/00000000-0000-4000-8000-000000000001/audio',
      ],
      story: [
        '/api/stories/11111111-1111-4111-8111-111111111111',
        '/api/stories/by-slug/el-faro',
        '/api/stories',
        '/api/files/series-images/faro.webp',
        '/api/images/series-images/faro.webp?w=560&h=420&q=80',
        '/api/images/series-images/faro.webp?w=1120&h=840&q=80',
        '/api/images/series-images/faro.webp?w=400&h=300&q=80',
        '/api/images/series-images/faro.webp?w=800&h=600&q=80',
      ],
      personal: [
        '/api/chapters/00000000-0000-4000-8000-000000000001/vocabulary',
        '/api/bookmarks?chapterId=00000000-0000-4000-8000-000000000001',
        '/api/progress?chapterIds=00000000-0000-4000-8000-000000000001',
        '/api/me/saved-items?chapterId=00000000-0000-4000-8000-000000000001&limit=100',
        '/api/me/preferences',
        '/api/auth/session',
      ],
      page: '/player/00000000-0000-4000-8000-000000000001',
    });
  });

  it('are the URLs the app’s own fetchers request', async () => {
    await getChapter(chapter.id);
    await getTranscript(chapter.id);
    await getStory(chapter.story.id);
    await getStoryBySlug(chapter.story.slug);
    await getStories();
    await getSavedItems({ chapterId: chapter.id, limit: SAVED_ITEMS_PAGE_MAX });
    await getPreferences();
    await getSession();
    const urls = chapterDownloadUrls(chapter, { signedIn: true });
    const stored = [...urls.chapter, ...urls.story, ...urls.personal];
    for (const url of requested) expect(stored).toContain(url);
    // The player's <audio src>, and the covers as <StoryCover> writes src and srcset.
    expect(stored).toContain(chapterAudioUrl(chapter.id));
    for (const size of [IMAGE_SIZES.storyPageCover, IMAGE_SIZES.libraryCover]) {
      expect(stored).toContain(imageUrl(chapter.story.imageUrl, size));
      for (const entry of imageSrcSet(chapter.story.imageUrl, size)!.split(', ')) {
        expect(stored).toContain(entry.split(' ')[0]);
      }
    }
  });

  it('leave out what a chapter lacks, an external cover, and a visitor’s personal answers', () => {
    const urls = chapterDownloadUrls(
      {
        ...chapter,
        hasAudio: false,
        hasTranscript: false,
        story: { ...chapter.story, imageUrl: 'https://images.example.com/faro.jpg' },
      },
      { signedIn: false },
    );
    expect(urls).toEqual({
      chapter: ['/api/chapters/00000000-0000-4000-8000-000000000001'],
      story: [
        '/api/stories/11111111-1111-4111-8111-111111111111',
        '/api/stories/by-slug/el-faro',
        '/api/stories',
      ],
      personal: [],
      page: '/player/00000000-0000-4000-8000-000000000001',
    });
  });
});
