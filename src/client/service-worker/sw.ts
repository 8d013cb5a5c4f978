/**
 * The service worker (decision 039), built by vite-plugin-pwa (injectManifest) into /sw.js.
 * Routes, in this order: the precached build (app code, icons, the app shell), then one route
 * for everything else that asks routing.ts which strategy a request gets.
 */
import { clientsClaim, type WorkboxPlugin } from 'workbox-core';
import { CacheableResponsePlugin } from 'workbox-cacheable-response';
import {
  cleanupOutdatedCaches,
  matchPrecache,
  precacheAndRoute,
  type PrecacheEntry,
} from 'workbox-precaching';
import { createPartialResponse } from 'workbox-range-requests';
import { registerRoute } from 'workbox-routing';
import { NetworkFirst } from 'workbox-strategies';
import { API_CACHE, DOWNLOADS_CACHE, PAGES_CACHE } from '#shared/offline/offline-storage';
import { isSkipWaitingMessage } from '#shared/offline/service-worker-messages';
import {
  ACCOUNT_STAMP_HEADER,
  mayServeKeptAnswer,
  SESSION_ANSWER_PATH,
} from '#shared/offline/account-stamp';
import { dropPagesOfOlderBuilds } from './activation';
import { APP_SHELL_URL, classifyRequest, downloadKey, markedKept } from './routing';

declare const self: typeof globalThis & {
  __WB_MANIFEST: (PrecacheEntry | string)[];
  skipWaiting(): Promise<void>;
};

interface RouteParams {
  request: Request;
  url: URL;
  event: Event;
}

// A new version waits until the learner chooses Reload (the page then sends SKIP_WAITING); once
// active, it takes over the open pages at once, so the very first visit is covered too.
self.addEventListener('message', (event) => {
  if (isSkipWaitingMessage((event as MessageEvent).data)) void self.skipWaiting();
});
clientsClaim();
// The pages kept by an older version name its assets, gone from the precache once this one runs.
self.addEventListener('activate', (event) => {
  (event as Event & { waitUntil(promise: Promise<unknown>): void }).waitUntil(
    dropPagesOfOlderBuilds(caches),
  );
});

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

const onlyOk = new CacheableResponsePlugin({ statuses: [200] });

/** The account this device last knew: the stamp of the session answer it kept. */
async function deviceAccount(): Promise<string | null> {
  const kept = await (
    await caches.open(API_CACHE)
  ).match(SESSION_ANSWER_PATH, {
    ignoreVary: true,
  });
  return kept?.headers.get(ACCOUNT_STAMP_HEADER) ?? null;
}

// A kept page or answer is shown only to the account it was made for (issue 23): after a session
// that ended with no page open, or on a device shared by two learners, the network-first
// strategies fall through to the app shell or an error instead.
// What is shown is marked as kept, so the app can tell it from the server's answer of now.
const onlyTheirOwn: WorkboxPlugin = {
  cachedResponseWillBeUsed: async ({ cachedResponse }) =>
    cachedResponse &&
    mayServeKeptAnswer(cachedResponse.headers.get(ACCOUNT_STAMP_HEADER), await deviceAccount())
      ? markedKept(cachedResponse)
      : null,
};
const pages = new NetworkFirst({ cacheName: PAGES_CACHE, plugins: [onlyOk, onlyTheirOwn] });
const api = new NetworkFirst({ cacheName: API_CACHE, plugins: [onlyOk, onlyTheirOwn] });
// A downloaded chapter's JSON: fresh when the server answers within 3 s (online it sees edits,
// and the download is refreshed), else the downloaded copy.
const downloadedJson = new NetworkFirst({
  cacheName: DOWNLOADS_CACHE,
  networkTimeoutSeconds: 3,
  plugins: [onlyOk],
  matchOptions: { ignoreVary: true },
});

async function downloaded(url: URL): Promise<Response | undefined> {
  const cache = await caches.open(DOWNLOADS_CACHE);
  return cache.match(downloadKey(url), { ignoreVary: true });
}

const appShell = async () => (await matchPrecache(APP_SHELL_URL)) ?? Response.error();

async function answer({ request, url, event }: RouteParams): Promise<Response> {
  const kind = classifyRequest({
    url,
    origin: self.location.origin,
    method: request.method,
    mode: request.mode,
    destination: request.destination,
  });
  const params = { request, event } as Parameters<NetworkFirst['handle']>[0];
  switch (kind) {
    case 'downloadable': {
      // Never the network while the file is on the device; a Range request gets its 206.
      const file = await downloaded(url);
      if (!file) return fetch(request);
      return request.headers.has('range') ? createPartialResponse(request, file) : file;
    }
    case 'api':
      return (await downloaded(url)) ? downloadedJson.handle(params) : api.handle(params);
    case 'page':
      try {
        return await pages.handle(params);
      } catch {
        // Offline and never visited: the app shell renders the page from the API's saved answers.
        return appShell();
      }
    case 'transient-page':
      try {
        return await fetch(request);
      } catch {
        return appShell();
      }
    case 'network':
      return fetch(request);
  }
}

registerRoute(
  ({ request, url }) =>
    classifyRequest({
      url,
      origin: self.location.origin,
      method: request.method,
      mode: request.mode,
      destination: request.destination,
    }) !== 'network',
  (params) => answer(params as RouteParams),
);
