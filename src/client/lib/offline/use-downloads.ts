import { useSyncExternalStore } from 'react';
import { toast } from '#client/lib/toast';
import type { ChapterToDownload, StoryToDownload } from './download-manager';
import { downloadTexts } from './download-texts';
import type { DownloadRecord } from './downloads-db';

/*
 * What the screens read: the downloads list (null until read, and always null on the server and
 * in a browser without IndexedDB), and the downloads under way, which go on when the page that
 * started them is left.
 */

/**
 * The download manager (with idb) is its own chunk, loaded when first needed: the list at the
 * page's first idle moment (the offline marks are not needed for the first screen, and reading
 * the list on a phone is a long task of its own), a download when one starts.
 */
const loadManager = () => import('./download-manager');

const whenIdle = (work: () => void) =>
  typeof window.requestIdleCallback === 'function'
    ? window.requestIdleCallback(work, { timeout: 5000 })
    : setTimeout(work, 1000);

// ---- the list ----------------------------------------------------------------------------------

let records: readonly DownloadRecord[] | null = null;
const recordListeners = new Set<() => void>();

const supported = () => typeof indexedDB !== 'undefined' && typeof caches !== 'undefined';

let pagesRestored = false;

/**
 * Once per page load, when the list is first read and has downloads: under the service worker and
 * online, the players' pages a new version's activation emptied are fetched again at the next idle
 * moment (decision 040). Pages without downloads never run it.
 */
function restorePagesOnce(list: readonly DownloadRecord[]) {
  if (pagesRestored || list.length === 0) return;
  pagesRestored = true;
  const controller = 'serviceWorker' in navigator ? navigator.serviceWorker.controller : null;
  if (!controller || !navigator.onLine) return;
  const restore = () =>
    void loadManager()
      .then((manager) => manager.restoreDownloadedPages())
      .catch(() => undefined);
  // A worker that has just taken over may still be emptying the pages cache (its activation).
  if (controller.state === 'activated') return void whenIdle(restore);
  const activated = () => {
    if (controller.state !== 'activated') return;
    controller.removeEventListener('statechange', activated);
    whenIdle(restore);
  };
  controller.addEventListener('statechange', activated);
}

async function reload() {
  try {
    records = await (await loadManager()).listDownloads();
    restorePagesOnce(records);
  } catch {
    records = [];
  }
  for (const listener of recordListeners) listener();
}

let listening = false;

function subscribeRecords(listener: () => void) {
  recordListeners.add(listener);
  if (!listening && supported()) {
    listening = true;
    whenIdle(() => {
      void loadManager()
        .then((manager) => {
          // For the page's life: the list changes whichever screen downloads or removes.
          manager.subscribeToDownloads(() => void reload());
          return reload();
        })
        .catch(() => {
          // The chunk could not load (offline before it was kept): no marks; a download says why.
          listening = false;
        });
    });
  }
  return () => {
    recordListeners.delete(listener);
  };
}

/** The downloaded chapters (null while unknown). */
export function useDownloads(): readonly DownloadRecord[] | null {
  return useSyncExternalStore(
    subscribeRecords,
    () => records,
    () => null,
  );
}

/** Downloaded chapter ids of a story (empty while unknown). */
export function downloadedChapterIds(
  list: readonly DownloadRecord[] | null,
  storyId?: string,
): Set<string> {
  return new Set(
    (list ?? [])
      .filter((record) => storyId === undefined || record.storyId === storyId)
      .map((record) => record.chapterId),
  );
}

// ---- downloads under way ---------------------------------------------------------------------

export interface DownloadTask {
  /** 0 to 1. */
  progress: number;
  cancel: () => void;
}

let tasks: ReadonlyMap<string, DownloadTask> = new Map();
const taskListeners = new Set<() => void>();

function setTask(key: string, task: DownloadTask | null) {
  const next = new Map(tasks);
  if (task) next.set(key, task);
  else next.delete(key);
  tasks = next;
  for (const listener of taskListeners) listener();
}

function subscribeTasks(listener: () => void) {
  taskListeners.add(listener);
  return () => {
    taskListeners.delete(listener);
  };
}

/** The download under way for `key` (a chapter's id, or `story:` and the story's id), if any. */
export function useDownloadTask(key: string): DownloadTask | undefined {
  return useSyncExternalStore(
    subscribeTasks,
    () => tasks.get(key),
    () => undefined,
  );
}

export const storyTaskKey = (storyId: string) => `story:${storyId}`;

async function run(
  key: string,
  title: string,
  work: (signal: AbortSignal, onProgress: (fraction: number) => void) => Promise<unknown>,
  doneText: string,
) {
  if (tasks.has(key)) return;
  const controller = new AbortController();
  const cancel = () => controller.abort();
  setTask(key, { progress: 0, cancel });
  try {
    await work(controller.signal, (progress) => {
      if (!controller.signal.aborted) setTask(key, { progress, cancel });
    });
    toast.success(downloadTexts.savedTitle, { description: doneText });
  } catch (error) {
    const manager = await loadManager().catch(() => null);
    if (!manager?.isAbortError(error)) {
      toast.error(downloadTexts.failedTitle(title), {
        description:
          manager && error instanceof manager.DownloadError ? error.message : downloadTexts.failed,
      });
    }
  } finally {
    setTask(key, null);
  }
}

/** Starts downloading a chapter (nothing if it is already under way); toasts the outcome. */
export function startChapterDownload(chapter: ChapterToDownload, userId: string | null) {
  return run(
    chapter.id,
    chapter.title,
    async (signal, onProgress) =>
      (await loadManager()).downloadChapter(chapter, { userId, signal, onProgress }),
    downloadTexts.savedChapter(chapter.title),
  );
}

/** Starts downloading a story's missing chapters; toasts the outcome. */
export function startStoryDownload(story: StoryToDownload, userId: string | null) {
  return run(
    storyTaskKey(story.id),
    story.title,
    async (signal, onProgress) =>
      (await loadManager()).downloadStory(story, { userId, signal, onProgress }),
    downloadTexts.savedStory(story.title),
  );
}
