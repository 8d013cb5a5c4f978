import { holdEarlySubmits } from '#client/lib/hold-early-submits';

/**
 * The only script of a server-rendered page (/, /library, /story/…, /player/…, the static pages): the page
 * is already on screen, so the app's code is fetched once the first frame is painted rather than
 * competing with it. The server names the entry and the modules it will need on this tag.
 */
const tag = document.querySelector<HTMLScriptElement>('script[data-relatos-entry]');
const entry = tag?.dataset.relatosEntry;
const modules = tag?.dataset.relatosPreload?.split(' ').filter(Boolean) ?? [];

/**
 * Module preloads added per task. Each one costs the main thread a fraction of a millisecond
 * (about 1.4 ms on a phone-speed CPU): the player's few dozen in one task were one long task
 * right after the first paint (decision 037), so they go in short tasks after the entry's import.
 */
const PRELOADS_PER_TASK = 8;

function preloadFrom(first: number) {
  for (const href of modules.slice(first, first + PRELOADS_PER_TASK)) {
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.crossOrigin = '';
    link.href = href;
    document.head.append(link);
  }
  const next = first + PRELOADS_PER_TASK;
  if (next < modules.length) setTimeout(() => preloadFrom(next), 0);
}

function start() {
  if (entry) void import(/* @vite-ignore */ entry);
  preloadFrom(0);
}

// A form sent before then (the contact form, filled in while the app loads) waits for the app.
holdEarlySubmits();

// A hidden tab paints nothing: start at once. Otherwise after the next paint (a task queued from
// the frame's animation callback runs once that frame is drawn).
if (document.visibilityState === 'hidden') start();
else requestAnimationFrame(() => setTimeout(start, 0));
