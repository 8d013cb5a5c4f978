import { holdEarlySubmits } from '#client/lib/hold-early-submits';

/**
 * The only script of a server-rendered page (/, /library, /story/…, the static pages): the page
 * is already on screen, so the app's code is fetched once the first frame is painted rather than
 * competing with it. The server names the entry and the modules it will need on this tag.
 */
const tag = document.querySelector<HTMLScriptElement>('script[data-relatos-entry]');
const entry = tag?.dataset.relatosEntry;
const modules = tag?.dataset.relatosPreload?.split(' ').filter(Boolean) ?? [];

function start() {
  for (const href of modules) {
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.crossOrigin = '';
    link.href = href;
    document.head.append(link);
  }
  if (entry) void import(/* @vite-ignore */ entry);
}

// A form sent before then (the contact form, filled in while the app loads) waits for the app.
holdEarlySubmits();

// A hidden tab paints nothing: start at once. Otherwise after the next paint (a task queued from
// the frame's animation callback runs once that frame is drawn).
if (document.visibilityState === 'hidden') start();
else requestAnimationFrame(() => setTimeout(start, 0));
