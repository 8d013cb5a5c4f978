import { ACCOUNT_STAMP_HEADER } from '#shared/offline/account-stamp';
import {
  API_CACHE,
  DOWNLOADS_CACHE,
  PAGES_CACHE,
  PERSONAL_CACHES,
} from '#shared/offline/offline-storage';
import { downloadTexts } from './download-texts';
import { offlineTexts } from './offline-texts';
import { chapterDownloadUrls, chapterPagePath, type DownloadableChapter } from './download-urls';
import {
  deleteDownloadRecords,
  listDownloadRecords,
  putDownloadRecord,
  type DownloadRecord,
} from './downloads-db';

/*
 * The downloads manager (decision 040): fetches everything the player needs for a chapter, with
 * the learner's cookies, and stores it under the URLs the app requests; the service worker serves
 * it from there. A chapter is stored whole or not at all.
 */

/** A chapter to download, with what the downloads list shows of it and its story. */
export interface ChapterToDownload extends DownloadableChapter {
  title: string;
  position: number;
  story: DownloadableChapter['story'] & { title: string; requiresLogin: boolean };
}

export interface DownloadOptions {
  /** The signed-in learner (null: a visitor, who stores no personal answers). */
  userId: string | null;
  signal?: AbortSignal;
  /** Share of the work done, 0 to 1. */
  onProgress?: (fraction: number) => void;
}

/** A download that could not finish; `message` is for the learner (the server's when it gave one). */
export class DownloadError extends Error {
  override readonly name = 'DownloadError';
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
  }
}

export const isAbortError = (error: unknown): boolean =>
  typeof error === 'object' &&
  error !== null &&
  (error as { name?: unknown }).name === 'AbortError';

// ---- changes: every tab's lists follow ------------------------------------------------------

type Listener = () => void;
const listeners = new Set<Listener>();
let channel: BroadcastChannel | null | undefined;
/** The tabs' shared channel, opened on first use (none where the browser has none). */
function tabs(): BroadcastChannel | null {
  if (channel !== undefined) return channel;
  channel =
    typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel('relatos-downloads');
  // Outside a browser (tests), an open channel would keep the process alive.
  (channel as { unref?: () => void } | null)?.unref?.();
  channel?.addEventListener('message', () => {
    for (const listener of listeners) listener();
  });
  return channel;
}

/** Calls `listener` after every change of the downloads list, in this tab or another. */
export function subscribeToDownloads(listener: Listener): () => void {
  listeners.add(listener);
  tabs();
  return () => listeners.delete(listener);
}

function changed() {
  for (const listener of listeners) listener();
  tabs()?.postMessage('changed');
}

export const listDownloads = listDownloadRecords;

// ---- fetching --------------------------------------------------------------------------------

/** URLs being stored right now: a failed download's clean-up must not remove them. */
const inFlight = new Map<string, number>();
const hold = (urls: readonly string[]) => {
  for (const url of urls) inFlight.set(url, (inFlight.get(url) ?? 0) + 1);
};
const release = (urls: readonly string[]) => {
  for (const url of urls) {
    const count = (inFlight.get(url) ?? 1) - 1;
    if (count <= 0) inFlight.delete(url);
    else inFlight.set(url, count);
  }
};

async function refusalMessage(response: Response): Promise<string> {
  try {
    const body = (await response.json()) as { error?: { message?: unknown } };
    const message = body.error?.message;
    if (typeof message === 'string' && message !== '') return message;
  } catch {
    // Not our error shape: the general message below.
  }
  return downloadTexts.failed;
}

/** Headers worth keeping; `Vary` would make the stored answer miss requests that differ in it. */
/** The account stamp too: offline, the worker shows a kept answer only to its account. */
const KEPT_HEADERS = [
  'content-type',
  'content-language',
  'etag',
  'last-modified',
  ACCOUNT_STAMP_HEADER.toLowerCase(),
];
/** A page keeps its policy too: opened offline, it runs under the rules it was served with. */
const KEPT_PAGE_HEADERS = [...KEPT_HEADERS, 'content-security-policy'];

interface Fetched {
  url: string;
  response: Response;
  bytes: number;
}

/**
 * One file, read to the end (so the progress bar moves with the bytes). Null for an optional file
 * the server did not give; a required one rejects with the server's reason.
 */
async function fetchFile(
  url: string,
  {
    signal,
    required,
    page = false,
    onBytes,
  }: {
    signal?: AbortSignal;
    required: boolean;
    /** The player's page: its HTML as the server renders it for this viewer. */
    page?: boolean;
    /** Bytes read so far, and the Content-Length (0 when the server gave none). */
    onBytes?: (read: number, total: number) => void;
  },
): Promise<Fetched | null> {
  let response: Response;
  try {
    response = await fetch(url, {
      credentials: page ? 'include' : 'same-origin',
      signal,
      headers: page
        ? { accept: 'text/html' }
        : url.startsWith('/api/images/') || url.endsWith('/audio')
          ? {}
          : { accept: 'application/json' },
    });
  } catch (error) {
    if (isAbortError(error)) throw error;
    if (!required) return null;
    throw new DownloadError(offlineTexts.serverUnreachable, 0);
  }
  if (!response.ok) {
    if (!required) return null;
    throw new DownloadError(await refusalMessage(response), response.status);
  }
  const total = Number(response.headers.get('content-length')) || 0;
  const chunks: Uint8Array[] = [];
  let bytes = 0;
  const reader = response.body?.getReader();
  if (reader) {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
      bytes += value.byteLength;
      onBytes?.(bytes, total);
    }
  }
  const headers = new Headers();
  for (const name of page ? KEPT_PAGE_HEADERS : KEPT_HEADERS) {
    const value = response.headers.get(name);
    if (value !== null) headers.set(name, value);
  }
  headers.set('content-length', String(bytes));
  const body = new Blob(chunks as BlobPart[], { type: response.headers.get('content-type') ?? '' });
  return { url, bytes, response: new Response(body, { status: 200, headers }) };
}

const isQuotaError = (error: unknown) =>
  typeof error === 'object' &&
  error !== null &&
  (error as { name?: unknown }).name === 'QuotaExceededError';

/** Asks the browser once to keep our storage when space runs short. */
async function askToPersist(): Promise<void> {
  try {
    const storage = typeof navigator === 'undefined' ? undefined : navigator.storage;
    if (storage?.persist && !(await storage.persisted())) await storage.persist();
  } catch {
    // Only a wish: the downloads work without it.
  }
}

/** URLs of `records` (in the downloads cache, the personal cache and the pages cache). */
function referenced(records: readonly DownloadRecord[]) {
  const files = new Set<string>();
  const personal = new Set<string>();
  const pages = new Set<string>();
  for (const record of records) {
    for (const url of [...record.chapterUrls, ...record.storyUrls]) files.add(url);
    for (const url of record.personalUrls) personal.add(url);
    pages.add(chapterPagePath(record.chapterId));
  }
  return { files, personal, pages };
}

/** Removes from the caches the URLs no remaining record (nor a download under way) uses. */
async function dropUnreferenced(
  files: readonly string[],
  personal: readonly string[],
  pages: readonly string[],
  remaining: readonly DownloadRecord[],
) {
  const kept = referenced(remaining);
  const downloads = await caches.open(DOWNLOADS_CACHE);
  const api = await caches.open(API_CACHE);
  const pagesCache = await caches.open(PAGES_CACHE);
  await Promise.all([
    ...pages
      .filter((url) => !kept.pages.has(url) && !inFlight.has(url))
      .map((url) => pagesCache.delete(url)),
    ...files
      .filter((url) => !kept.files.has(url) && !inFlight.has(url))
      .map((url) => downloads.delete(url)),
    ...personal
      .filter((url) => !kept.personal.has(url) && !inFlight.has(url))
      .map((url) => api.delete(url)),
  ]);
}

/**
 * Downloads one chapter: its files into DOWNLOADS_CACHE, the learner's answers for it into
 * API_CACHE, the player's page into PAGES_CACHE, then its entry in the downloads list. Nothing is kept unless every required file
 * arrived. Rejects with a DownloadError (or the AbortError of a cancel).
 */
export async function downloadChapter(
  chapter: ChapterToDownload,
  { userId, signal, onProgress }: DownloadOptions,
): Promise<DownloadRecord> {
  const urls = chapterDownloadUrls(chapter, { signedIn: userId !== null });
  const all = [...urls.chapter, ...urls.story, ...urls.personal, urls.page];
  const firstDownload = (await listDownloadRecords()).length === 0;
  hold(all);
  const put: { cache: Cache; url: string }[] = [];
  try {
    onProgress?.(0);
    const audioUrl = urls.chapter.find((url) => url.endsWith('/audio'));
    const fetched: { file: Fetched; personal: boolean; page?: boolean }[] = [];
    const fetchAll = async (
      list: readonly string[],
      required: (url: string) => boolean,
      personal: boolean,
    ) => {
      for (const url of list) {
        if (url === audioUrl) continue;
        const file = await fetchFile(url, { signal, required: required(url) });
        if (file) fetched.push({ file, personal });
      }
    };
    // The chapter's own files first: a chapter the learner may not open is refused here.
    await fetchAll(urls.chapter, () => true, false);
    await fetchAll(urls.story, (url) => url.startsWith('/api/stories/'), false);
    await fetchAll(urls.personal, () => false, true);
    // The page as the server renders it for this viewer: opened offline, it starts like a page
    // visited (no app shell to boot first).
    const page = await fetchFile(urls.page, { signal, required: true, page: true });
    if (page) fetched.push({ file: page, personal: true, page: true });
    const before = fetched.reduce((sum, { file }) => sum + file.bytes, 0);
    if (audioUrl) {
      const audio = await fetchFile(audioUrl, {
        signal,
        required: true,
        onBytes: (read, total) => {
          if (total > 0) onProgress?.(Math.min(0.99, (before + read) / (before + total)));
        },
      });
      if (audio) fetched.push({ file: audio, personal: false });
    }
    signal?.throwIfAborted();

    const downloads = await caches.open(DOWNLOADS_CACHE);
    const api = await caches.open(API_CACHE);
    const pages = await caches.open(PAGES_CACHE);
    try {
      for (const { file, personal, page: isPage } of fetched) {
        const cache = isPage ? pages : personal ? api : downloads;
        await cache.put(file.url, file.response);
        put.push({ cache, url: file.url });
      }
    } catch (error) {
      throw isQuotaError(error)
        ? new DownloadError(downloadTexts.noSpace, 0)
        : new DownloadError(downloadTexts.failed, 0);
    }

    const sizes: Record<string, number> = {};
    for (const { file } of fetched) sizes[file.url] = file.bytes;
    const stored = new Set(Object.keys(sizes));
    const chapterUrls = urls.chapter.filter((url) => stored.has(url));
    const personalUrls = urls.personal.filter((url) => stored.has(url));
    const record: DownloadRecord = {
      chapterId: chapter.id,
      chapterTitle: chapter.title,
      chapterPosition: chapter.position,
      storyId: chapter.story.id,
      storySlug: chapter.story.slug,
      storyTitle: chapter.story.title,
      coverUrl: chapter.story.imageUrl,
      chapterUrls,
      storyUrls: urls.story.filter((url) => stored.has(url)),
      personalUrls,
      sizes,
      bytes: [...chapterUrls, ...personalUrls, urls.page].reduce(
        (sum, url) => sum + (sizes[url] ?? 0),
        0,
      ),
      requiresLogin: chapter.story.requiresLogin,
      userId,
      downloadedAt: new Date().toISOString(),
    };
    signal?.throwIfAborted();
    await putDownloadRecord(record);
    put.length = 0;
    onProgress?.(1);
    if (firstDownload) void askToPersist();
    changed();
    return record;
  } finally {
    release(all);
    if (put.length > 0) {
      // Not recorded: take back what this download put and nothing else uses.
      const remaining = await listDownloadRecords().catch(() => []);
      const kept = referenced(remaining);
      await Promise.all(
        put
          .filter(
            ({ url }) =>
              !kept.files.has(url) &&
              !kept.personal.has(url) &&
              !kept.pages.has(url) &&
              !inFlight.has(url),
          )
          .map(({ cache, url }) => cache.delete(url)),
      ).catch(() => undefined);
    }
  }
}

/**
 * Puts back the player's page of every download whose page is missing from PAGES_CACHE: a new
 * service worker version empties that cache when it activates (decision 039), and without its page
 * a downloaded chapter opens offline from the slower app shell. Fetched as a download fetches it
 * (the learner's cookies, the same headers kept). A page the server now refuses (401/403/404) or
 * cannot give (offline) is left out: the chapter's files still play. Returns the pages put back.
 */
export async function restoreDownloadedPages(): Promise<string[]> {
  const records = await listDownloadRecords();
  if (records.length === 0) return [];
  const pages = await caches.open(PAGES_CACHE);
  const kept = new Set(
    (await pages.keys()).map((request) => {
      const url = new URL(request.url);
      return url.pathname + url.search;
    }),
  );
  const restored: string[] = [];
  for (const { chapterId } of records) {
    const url = chapterPagePath(chapterId);
    if (kept.has(url) || inFlight.has(url)) continue;
    let page: Fetched | null;
    try {
      page = await fetchFile(url, { required: false, page: true });
    } catch {
      break;
    }
    if (!page) continue;
    // Removed while its page was on the way: nothing of it stays.
    const still = await listDownloadRecords();
    if (!still.some((record) => record.chapterId === chapterId)) continue;
    await pages.put(url, page.response);
    restored.push(url);
  }
  return restored;
}

export interface StoryToDownload {
  id: string;
  slug: string;
  title: string;
  imageUrl: string | null;
  requiresLogin: boolean;
  /** In reading order. */
  chapters: readonly Omit<ChapterToDownload, 'story'>[];
}

/**
 * Downloads the story's chapters not downloaded yet, one after the other (each whole or not at
 * all); stops at the first failure, keeping the chapters already stored.
 */
export async function downloadStory(
  story: StoryToDownload,
  { userId, signal, onProgress }: DownloadOptions,
): Promise<DownloadRecord[]> {
  const have = new Set((await listDownloadRecords()).map((record) => record.chapterId));
  const missing = story.chapters.filter((chapter) => !have.has(chapter.id));
  const { chapters: _chapters, ...summary } = story;
  const records: DownloadRecord[] = [];
  onProgress?.(0);
  for (const [index, chapter] of missing.entries()) {
    records.push(
      await downloadChapter(
        { ...chapter, story: summary },
        {
          userId,
          signal,
          onProgress: (fraction) => onProgress?.((index + fraction) / missing.length),
        },
      ),
    );
  }
  onProgress?.(1);
  return records;
}

/** Removes these chapters' downloads and every stored file no other download uses. */
export async function removeDownloads(chapterIds: readonly string[]): Promise<void> {
  const ids = new Set(chapterIds);
  const records = await listDownloadRecords();
  const removed = records.filter((record) => ids.has(record.chapterId));
  if (removed.length === 0) return;
  await deleteDownloadRecords(removed.map((record) => record.chapterId));
  const gone = referenced(removed);
  await dropUnreferenced(
    [...gone.files],
    [...gone.personal],
    [...gone.pages],
    records.filter((record) => !ids.has(record.chapterId)),
  );
  changed();
}

/** Every chapter of the story. */
export async function removeStoryDownloads(storyId: string): Promise<void> {
  const records = await listDownloadRecords();
  await removeDownloads(
    records.filter((record) => record.storyId === storyId).map((record) => record.chapterId),
  );
}

/** Everything downloaded on this device. */
export async function removeAllDownloads(): Promise<void> {
  const records = await listDownloadRecords();
  await removeDownloads(records.map((record) => record.chapterId));
}

/**
 * Sign-out and account deletion (decision 040): what needs an account leaves the device — every
 * download of a story that requires login — and the caches of what this learner saw are emptied.
 * Never rejects: signing out goes on whatever the browser's storage does.
 */
export async function clearSignedInData(): Promise<void> {
  try {
    if (typeof indexedDB !== 'undefined') {
      const records = await listDownloadRecords();
      await removeDownloads(
        records.filter((record) => record.requiresLogin).map((record) => record.chapterId),
      );
    }
  } catch {
    // The list could not be read: the caches below are emptied anyway.
  }
  try {
    if (typeof caches !== 'undefined') {
      const premium = await caches.open(DOWNLOADS_CACHE);
      const kept = referenced(await listDownloadRecords().catch(() => []));
      // Files of premium chapters left without an entry (a tab closed mid-download) go too.
      for (const request of await premium.keys()) {
        const url = new URL(request.url);
        if (!kept.files.has(url.pathname + url.search) && !inFlight.has(url.pathname + url.search))
          await premium.delete(request);
      }
      await Promise.all(PERSONAL_CACHES.map((name) => caches.delete(name)));
    }
  } catch {
    // Nothing more can be done here.
  }
  changed();
}

/**
 * Account deletion (decision 062): what sign-out removes, and every chapter downloaded with the
 * account, open stories included (downloads made by nobody stay). Never rejects.
 */
export async function clearDeletedAccountData(userId: string): Promise<void> {
  try {
    if (typeof indexedDB !== 'undefined') {
      const records = await listDownloadRecords();
      await removeDownloads(
        records.filter((record) => record.userId === userId).map((record) => record.chapterId),
      );
    }
  } catch {
    // The list could not be read: what sign-out removes goes anyway.
  }
  await clearSignedInData();
}

/** The browser's figures for this site's storage, when it gives them. */
export async function storageEstimate(): Promise<{ usage: number; quota: number } | null> {
  try {
    const estimate = await navigator.storage?.estimate?.();
    if (!estimate || estimate.quota === undefined) return null;
    return { usage: estimate.usage ?? 0, quota: estimate.quota };
  } catch {
    return null;
  }
}
