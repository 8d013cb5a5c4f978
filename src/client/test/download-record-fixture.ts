import { putDownloadRecord } from '#client/lib/offline/downloads-db';

/**
 * Records in the downloads list (IndexedDB, fake-indexeddb in tests) that one chapter of an open
 * story is on the device, with only its audio (1,000 bytes): what the download marks read.
 */
export const recordAudioOnlyDownload = (
  story: { id: string; slug: string; title: string },
  chapter: { id: string; title: string; position: number },
) =>
  putDownloadRecord({
    chapterId: chapter.id,
    chapterTitle: chapter.title,
    chapterPosition: chapter.position,
    storyId: story.id,
    storySlug: story.slug,
    storyTitle: story.title,
    coverUrl: null,
    chapterUrls: [`/api/chapters/${chapter.id}/audio`],
    storyUrls: [],
    personalUrls: [],
    sizes: { [`/api/chapters/${chapter.id}/audio`]: 1000 },
    bytes: 1000,
    requiresLogin: false,
    userId: null,
    downloadedAt: '2026-11-26T10:00:00.000Z',
  });
