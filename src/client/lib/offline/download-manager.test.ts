import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { API_CACHE, DOWNLOADS_CACHE, PAGES_CACHE } from '#shared/offline/offline-storage';
import {
  clearDeletedAccountData,
  clearSignedInData,
  downloadChapter,
  downloadStory,
  listDownloads,
  removeAllDownloads,
  removeDownloads,
  removeStoryDownloads,
  restoreDownloadedPages,
  subscribeToDownloads,
  type ChapterToDownload,
} from './download-manager';
import { closeDownloadsDatabase } from './downloads-db';

/*
 * Cache Storage is a browser API (Node has none): a small in-memory double with the calls the
 * manager makes, keyed by path and query as the service worker matches them. The downloads list
 * runs on fake-indexeddb; the server is a fetch stub answering like ours.
 */
class MemoryCache {
  readonly entries = new Map<string, Response>();
  failPuts: Error | null = null;
  private key(request: RequestInfo | URL) {
    const url = new URL(
      typeof request === 'string' || request instanceof URL ? request : request.url,
      'http://localhost',
    );
    return url.pathname + url.search;
  }
  put(request: RequestInfo | URL, response: Response) {
    if (this.failPuts) return Promise.reject(this.failPuts);
    this.entries.set(this.key(request), response);
    return Promise.resolve();
  }
  delete(request: RequestInfo | URL) {
    return Promise.resolve(this.entries.delete(this.key(request)));
  }
  keys() {
    return Promise.resolve(
      [...this.entries.keys()].map((key) => new Request(`http://localhost${key}`)),
    );
  }
}

class MemoryCacheStorage {
  readonly caches = new Map<string, MemoryCache>();
  open(name: string) {
    let cache = this.caches.get(name);
    if (!cache) this.caches.set(name, (cache = new MemoryCache()));
    return Promise.resolve(cache);
  }
  delete(name: string) {
    return Promise.resolve(this.caches.delete(name));
  }
  stored(name: string) {
    return [...(this.caches.get(name)?.entries.keys() ?? [])].sort();
  }
}

const STORY_ID = '11111111-1111-4111-8111-111111111111';
const OPEN_STORY_ID = '22222222-2222-4222-8222-222222222222';
const chapterId = (n: number) => `00000000-0000-4000-8000-00000000000${n}`;

const premiumStory = {
  id: STORY_ID,
  slug: 'el-faro',
  title: 'El faro',
  imageUrl: '/api/files/series-images/faro.webp',
  requiresLogin: true,
};
const openStory = {
  id: OPEN_STORY_ID,
  slug: 'la-panaderia',
  title: 'La panadería',
  imageUrl: null,
  requiresLogin: false,
};
const chapterOf = (story: ChapterToDownload['story'], n: number): ChapterToDownload => ({
  id: chapterId(n),
  title: `Capítulo ${n}`,
  position: n,
  hasAudio: true,
  hasTranscript: true,
  story,
});

const AUDIO = new Uint8Array(100_000).fill(7);

let storage: MemoryCacheStorage;
let requested: string[];
/** The credentials each request was made with, by path. */
let credentials: Map<string, RequestCredentials | undefined>;
/** Status and body by path, for answers other than the defaults. */
let overrides: Map<string, { status: number; body: unknown }>;

function fakeServer(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  const url = String(input);
  requested.push(url);
  credentials.set(url, init?.credentials);
  init?.signal?.throwIfAborted();
  const override = overrides.get(url);
  if (override) return Promise.resolve(Response.json(override.body, { status: override.status }));
  if (url.endsWith('/audio')) {
    // Several chunks, so that progress can move.
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let i = 0; i < AUDIO.length; i += 25_000)
          controller.enqueue(AUDIO.slice(i, i + 25_000));
        controller.close();
      },
    });
    return Promise.resolve(
      new Response(stream, {
        headers: {
          'content-type': 'audio/mp4',
          'content-length': String(AUDIO.length),
          vary: 'Cookie',
        },
      }),
    );
  }
  if (url.startsWith('/player/')) {
    // The player's page as the server renders it for this viewer.
    return Promise.resolve(
      new Response(`<!doctype html><html><body>${url}</body></html>`, {
        headers: {
          'content-type': 'text/html; charset=utf-8',
          'content-security-policy': "default-src 'self'",
          vary: 'Cookie',
        },
      }),
    );
  }
  if (url.startsWith('/api/images/') || url.startsWith('/api/files/')) {
    return Promise.resolve(
      new Response(new Uint8Array(500), { headers: { 'content-type': 'image/webp' } }),
    );
  }
  return Promise.resolve(Response.json({ url }));
}

beforeEach(() => {
  globalThis.indexedDB = new IDBFactory();
  storage = new MemoryCacheStorage();
  requested = [];
  credentials = new Map();
  overrides = new Map();
  vi.stubGlobal('caches', storage);
  vi.stubGlobal('fetch', vi.fn(fakeServer));
});

afterEach(() => {
  closeDownloadsDatabase();
  vi.unstubAllGlobals();
});

const USER = 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa';

describe('downloading a chapter', () => {
  it('stores every file under the URL the app asks for, and the learner’s answers apart', async () => {
    const progress: number[] = [];
    const record = await downloadChapter(chapterOf(premiumStory, 1), {
      userId: USER,
      onProgress: (fraction) => progress.push(fraction),
    });

    expect(storage.stored(DOWNLOADS_CACHE)).toEqual(
      [
        `/api/chapters/${chapterId(1)}`,
        `/api/chapters/${chapterId(1)}/audio`,
        `/api/chapters/${chapterId(1)}/transcript`,
        `/api/stories/${STORY_ID}`,
        '/api/stories/by-slug/el-faro',
        '/api/stories',
        '/api/files/series-images/faro.webp',
        '/api/images/series-images/faro.webp?w=560&h=420&q=80',
        '/api/images/series-images/faro.webp?w=1120&h=840&q=80',
        '/api/images/series-images/faro.webp?w=400&h=300&q=80',
        '/api/images/series-images/faro.webp?w=800&h=600&q=80',
      ].sort(),
    );
    expect(storage.stored(API_CACHE)).toEqual(
      [
        `/api/chapters/${chapterId(1)}/vocabulary`,
        `/api/bookmarks?chapterId=${chapterId(1)}`,
        `/api/progress?chapterIds=${chapterId(1)}`,
        `/api/me/saved-items?chapterId=${chapterId(1)}&limit=100`,
        '/api/me/preferences',
        '/api/auth/session',
      ].sort(),
    );
    // The audio is fetched whole and kept whole, without the answer's Vary.
    const audio = storage.caches
      .get(DOWNLOADS_CACHE)!
      .entries.get(`/api/chapters/${chapterId(1)}/audio`)!;
    expect(new Uint8Array(await audio.clone().arrayBuffer())).toEqual(AUDIO);
    expect(audio.headers.get('content-type')).toBe('audio/mp4');
    expect(audio.headers.get('vary')).toBeNull();

    // The player's page, fetched with the learner's cookies, kept as a visited page would be
    // (its policy with it, not its Vary, which would make the navigation miss it).
    expect(storage.stored(PAGES_CACHE)).toEqual([`/player/${chapterId(1)}`]);
    expect(credentials.get(`/player/${chapterId(1)}`)).toBe('include');
    const page = storage.caches.get(PAGES_CACHE)!.entries.get(`/player/${chapterId(1)}`)!;
    expect(await page.clone().text()).toContain(`/player/${chapterId(1)}`);
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(page.headers.get('content-security-policy')).toBe("default-src 'self'");
    expect(page.headers.get('vary')).toBeNull();

    // The bar moves with the audio's bytes and ends full.
    expect(progress.at(-1)).toBe(1);
    expect(
      progress.filter((fraction) => fraction > 0 && fraction < 1).length,
    ).toBeGreaterThanOrEqual(3);
    expect(progress).toEqual([...progress].sort((a, b) => a - b));

    expect(await listDownloads()).toEqual([record]);
    expect(record).toMatchObject({
      chapterId: chapterId(1),
      storyId: STORY_ID,
      storySlug: 'el-faro',
      storyTitle: 'El faro',
      chapterTitle: 'Capítulo 1',
      requiresLogin: true,
      userId: USER,
    });
    expect(record.bytes).toBeGreaterThan(AUDIO.length);
    expect(record.sizes[`/api/chapters/${chapterId(1)}/audio`]).toBe(AUDIO.length);
  });

  it('keeps nothing when the server refuses a file, and says why in the server’s words', async () => {
    overrides.set(`/api/chapters/${chapterId(1)}/audio`, {
      status: 401,
      body: { error: { code: 'UNAUTHORIZED', message: 'Please sign in to access this story' } },
    });
    await expect(
      downloadChapter(chapterOf(premiumStory, 1), { userId: null }),
    ).rejects.toMatchObject({
      name: 'DownloadError',
      status: 401,
      message: 'Please sign in to access this story',
    });
    expect(storage.stored(DOWNLOADS_CACHE)).toEqual([]);
    expect(storage.stored(PAGES_CACHE)).toEqual([]);
    expect(await listDownloads()).toEqual([]);
  });

  it('keeps nothing when the player’s page cannot be had', async () => {
    overrides.set(`/player/${chapterId(1)}`, {
      status: 503,
      body: { error: { code: 'UNAVAILABLE', message: 'Service unavailable' } },
    });
    await expect(downloadChapter(chapterOf(openStory, 1), { userId: USER })).rejects.toMatchObject({
      name: 'DownloadError',
      status: 503,
    });
    expect(storage.stored(DOWNLOADS_CACHE)).toEqual([]);
    expect(storage.stored(API_CACHE)).toEqual([]);
    expect(storage.stored(PAGES_CACHE)).toEqual([]);
    expect(await listDownloads()).toEqual([]);
  });

  it('takes its page back when a later file cannot be stored', async () => {
    const downloads = await storage.open(DOWNLOADS_CACHE);
    const put = downloads.put.bind(downloads);
    downloads.put = (request, response) =>
      String(request).endsWith('/audio')
        ? Promise.reject(new DOMException('full', 'QuotaExceededError'))
        : put(request, response);
    await expect(downloadChapter(chapterOf(openStory, 1), { userId: USER })).rejects.toMatchObject({
      name: 'DownloadError',
    });
    expect(storage.stored(PAGES_CACHE)).toEqual([]);
    expect(storage.stored(DOWNLOADS_CACHE)).toEqual([]);
    expect(await listDownloads()).toEqual([]);
  });

  it('keeps nothing when cancelled', async () => {
    const controller = new AbortController();
    const download = downloadChapter(chapterOf(openStory, 1), {
      userId: null,
      signal: controller.signal,
      onProgress: (fraction) => {
        if (fraction > 0.3) controller.abort();
      },
    });
    await expect(download).rejects.toMatchObject({ name: 'AbortError' });
    expect(storage.stored(DOWNLOADS_CACHE)).toEqual([]);
    expect(await listDownloads()).toEqual([]);
  });

  it('takes back what it stored when the device runs out of space', async () => {
    await downloadChapter(chapterOf(openStory, 1), { userId: null });
    const before = storage.stored(DOWNLOADS_CACHE);
    const cache = await storage.open(DOWNLOADS_CACHE);
    let puts = 0;
    const put = cache.put.bind(cache);
    cache.put = (request, response) =>
      ++puts > 3
        ? Promise.reject(new DOMException('full', 'QuotaExceededError'))
        : put(request, response);

    await expect(downloadChapter(chapterOf(openStory, 2), { userId: null })).rejects.toMatchObject({
      message: 'There is not enough space on this device. Remove some downloads and try again.',
    });
    // Chapter 1 and the story's files it uses are all still there; nothing of chapter 2.
    expect(storage.stored(DOWNLOADS_CACHE)).toEqual(before);
    expect((await listDownloads()).map((record) => record.chapterId)).toEqual([chapterId(1)]);
  });

  it('asks the browser to keep its storage at the first download only', async () => {
    const persist = vi.fn(() => Promise.resolve(true));
    let persisted = false;
    vi.stubGlobal('navigator', {
      storage: { persisted: () => Promise.resolve(persisted), persist },
    });
    await downloadChapter(chapterOf(openStory, 1), { userId: null });
    await vi.waitFor(() => expect(persist).toHaveBeenCalledTimes(1));
    persisted = true;
    await downloadChapter(chapterOf(openStory, 2), { userId: null });
    await removeAllDownloads();
    await downloadChapter(chapterOf(openStory, 3), { userId: null });
    expect(persist).toHaveBeenCalledTimes(1);
  });

  it('stores no personal answers for a visitor', async () => {
    await downloadChapter(chapterOf(openStory, 1), { userId: null });
    expect(storage.stored(API_CACHE)).toEqual([]);
    expect(requested.some((url) => url.includes('bookmarks'))).toBe(false);
    // The page a visitor is served is kept all the same.
    expect(storage.stored(PAGES_CACHE)).toEqual([`/player/${chapterId(1)}`]);
  });
});

describe('downloading a story', () => {
  it('downloads the chapters not stored yet, one after the other', async () => {
    await downloadChapter(chapterOf(premiumStory, 1), { userId: USER });
    requested = [];
    const progress: number[] = [];
    const { id, slug, title, imageUrl, requiresLogin } = premiumStory;
    const records = await downloadStory(
      {
        id,
        slug,
        title,
        imageUrl,
        requiresLogin,
        chapters: [1, 2, 3].map((n) => {
          const { story: _story, ...chapter } = chapterOf(premiumStory, n);
          return chapter;
        }),
      },
      { userId: USER, onProgress: (fraction) => progress.push(fraction) },
    );
    expect(records.map((record) => record.chapterId)).toEqual([chapterId(2), chapterId(3)]);
    expect(requested).not.toContain(`/api/chapters/${chapterId(1)}/audio`);
    expect((await listDownloads()).length).toBe(3);
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
    expect(progress.at(-1)).toBe(1);
  });
});

describe('removing downloads', () => {
  it('removes a chapter’s files but keeps its story’s while another chapter uses them', async () => {
    await downloadChapter(chapterOf(premiumStory, 1), { userId: USER });
    await downloadChapter(chapterOf(premiumStory, 2), { userId: USER });
    const changes = vi.fn();
    const unsubscribe = subscribeToDownloads(changes);

    await removeDownloads([chapterId(1)]);
    const left = storage.stored(DOWNLOADS_CACHE);
    expect(left.some((url) => url.includes(chapterId(1)))).toBe(false);
    expect(left).toContain(`/api/chapters/${chapterId(2)}/audio`);
    expect(left).toContain(`/api/stories/${STORY_ID}`);
    expect(storage.stored(API_CACHE).some((url) => url.includes(chapterId(1)))).toBe(false);
    expect(storage.stored(API_CACHE)).toContain('/api/me/preferences');
    expect(storage.stored(PAGES_CACHE)).toEqual([`/player/${chapterId(2)}`]);
    expect(changes).toHaveBeenCalled();

    await removeStoryDownloads(STORY_ID);
    expect(storage.stored(DOWNLOADS_CACHE)).toEqual([]);
    expect(storage.stored(API_CACHE)).toEqual([]);
    expect(storage.stored(PAGES_CACHE)).toEqual([]);
    expect(await listDownloads()).toEqual([]);
    unsubscribe();
  });

  it('removes everything', async () => {
    await downloadChapter(chapterOf(premiumStory, 1), { userId: USER });
    await downloadChapter({ ...chapterOf(openStory, 1), id: chapterId(5) }, { userId: USER });
    await removeAllDownloads();
    expect(storage.stored(DOWNLOADS_CACHE)).toEqual([]);
    expect(await listDownloads()).toEqual([]);
  });
});

describe('signing out', () => {
  it('removes what needs an account and the personal caches, and keeps open stories', async () => {
    await downloadChapter(chapterOf(premiumStory, 1), { userId: USER });
    await downloadChapter({ ...chapterOf(openStory, 1), id: chapterId(5) }, { userId: USER });
    await storage.open(PAGES_CACHE);

    await clearSignedInData();

    expect((await listDownloads()).map((record) => record.chapterId)).toEqual([chapterId(5)]);
    const left = storage.stored(DOWNLOADS_CACHE);
    expect(left).toContain(`/api/chapters/${chapterId(5)}/audio`);
    expect(left.some((url) => url.includes(chapterId(1)) || url.includes('faro'))).toBe(false);
    expect(storage.caches.has(API_CACHE)).toBe(false);
    expect(storage.caches.has(PAGES_CACHE)).toBe(false);
  });
});

describe('deleting the account', () => {
  it('removes every download made with it, open stories too, and keeps the others', async () => {
    const OTHER = 'bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb';
    await downloadChapter(chapterOf(premiumStory, 1), { userId: USER });
    await downloadChapter({ ...chapterOf(openStory, 1), id: chapterId(5) }, { userId: USER });
    await downloadChapter({ ...chapterOf(openStory, 2), id: chapterId(6) }, { userId: null });
    await downloadChapter({ ...chapterOf(openStory, 3), id: chapterId(7) }, { userId: OTHER });

    await clearDeletedAccountData(USER);

    expect((await listDownloads()).map((record) => record.chapterId).sort()).toEqual([
      chapterId(6),
      chapterId(7),
    ]);
    const left = storage.stored(DOWNLOADS_CACHE);
    expect(left).toContain(`/api/chapters/${chapterId(6)}/audio`);
    expect(left).toContain(`/api/chapters/${chapterId(7)}/audio`);
    // The open story's shared files stay for the chapters still downloaded.
    expect(left).toContain(`/api/stories/${OPEN_STORY_ID}`);
    expect(left.some((url) => [1, 5].some((n) => url.includes(chapterId(n))))).toBe(false);
    expect(left.some((url) => url.includes('faro'))).toBe(false);
    expect(storage.caches.has(API_CACHE)).toBe(false);
    expect(storage.caches.has(PAGES_CACHE)).toBe(false);
  });
});

describe('after a new service worker version emptied the pages cache', () => {
  it('puts back each downloaded chapter’s page, fetched as a download fetches it', async () => {
    await downloadChapter(chapterOf(premiumStory, 1), { userId: USER });
    await downloadChapter(chapterOf(premiumStory, 2), { userId: USER });
    // The activation of a new version (decision 039).
    await storage.delete(PAGES_CACHE);
    requested = [];
    credentials = new Map();

    const restored = await restoreDownloadedPages();

    const pages = [`/player/${chapterId(1)}`, `/player/${chapterId(2)}`];
    expect(restored.sort()).toEqual(pages);
    expect(storage.stored(PAGES_CACHE)).toEqual(pages);
    expect(requested.sort()).toEqual(pages);
    expect(credentials.get(pages[0]!)).toBe('include');
    const page = storage.caches.get(PAGES_CACHE)!.entries.get(pages[0]!)!;
    expect(await page.clone().text()).toContain(pages[0]);
    expect(page.headers.get('content-security-policy')).toBe("default-src 'self'");
    expect(page.headers.get('vary')).toBeNull();
  });

  it('fetches only the pages that are missing, and none without downloads', async () => {
    expect(await restoreDownloadedPages()).toEqual([]);
    expect(requested).toEqual([]);

    await downloadChapter(chapterOf(premiumStory, 1), { userId: USER });
    await downloadChapter(chapterOf(premiumStory, 2), { userId: USER });
    const pagesCache = await storage.open(PAGES_CACHE);
    await pagesCache.delete(`/player/${chapterId(2)}`);
    requested = [];

    expect(await restoreDownloadedPages()).toEqual([`/player/${chapterId(2)}`]);
    expect(requested).toEqual([`/player/${chapterId(2)}`]);
  });

  it('leaves a chapter the server now refuses as it is, its files still there', async () => {
    await downloadChapter(chapterOf(premiumStory, 1), { userId: USER });
    await downloadChapter(chapterOf(premiumStory, 2), { userId: USER });
    await storage.delete(PAGES_CACHE);
    const files = storage.stored(DOWNLOADS_CACHE);
    overrides.set(`/player/${chapterId(1)}`, {
      status: 403,
      body: { error: { code: 'FORBIDDEN', message: 'Create an account' } },
    });

    expect(await restoreDownloadedPages()).toEqual([`/player/${chapterId(2)}`]);

    expect(storage.stored(PAGES_CACHE)).toEqual([`/player/${chapterId(2)}`]);
    expect(storage.stored(DOWNLOADS_CACHE)).toEqual(files);
    expect((await listDownloads()).map((record) => record.chapterId).sort()).toEqual([
      chapterId(1),
      chapterId(2),
    ]);
  });
});
