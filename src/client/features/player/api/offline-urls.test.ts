import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { chapterDownloadUrls } from '#client/lib/offline/download-urls';
import { getBookmarks } from './bookmarks';
import { getChapterVocabulary } from './get-chapter-vocabulary';
import { getChapterProgress } from './get-progress';
import { recordFetchedUrls } from '#client/test/record-fetched-urls';

const chapter = {
  id: '00000000-0000-4000-8000-000000000001',
  hasAudio: true,
  hasTranscript: true,
  story: { id: '11111111-1111-4111-8111-111111111111', slug: 'el-faro', imageUrl: null },
};

let requested: string[];
beforeEach(() => {
  requested = recordFetchedUrls({ bookmarks: [], progress: [], newWordIds: [] });
});
afterEach(() => vi.unstubAllGlobals());

describe('a downloaded chapter’s personal answers', () => {
  it('are stored under the URLs the player requests them with', async () => {
    await getBookmarks(chapter.id);
    await getChapterVocabulary(chapter.id);
    await getChapterProgress(chapter.id);
    expect(requested).toHaveLength(3);
    const { personal } = chapterDownloadUrls(chapter, { signedIn: true });
    for (const url of requested) expect(personal).toContain(url);
  });
});
