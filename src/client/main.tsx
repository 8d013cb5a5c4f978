import '#client/lib/zod-jitless';
import { initTheme } from '#client/lib/theme';
import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import type { CurrentUser } from '#shared/contracts/auth';
import { App } from '#client/app/app';
import { INLINED_KEYS } from '#shared/server-render';
import { readInlinedData } from '#client/lib/inlined-data';
import { applyFragmentRedirect } from '#client/lib/fragment-redirect';
import { startServiceWorker } from '#client/lib/service-worker/start-service-worker';
import './styles.css';

// First: the stored theme (no inline script may do it, the CSP forbids inline scripts).
initTheme();
// Auth e-mail links put their result in the fragment; hand it to /email-confirmation before the
// router reads the address.
const redirected = applyFragmentRedirect();

const container = document.getElementById('root');
if (!container) throw new Error('Missing #root element in index.html');

// The user of the session the server answered this page for: no "Loading…" screen while the
// session is first checked.
const initialUser = readInlinedData<{ user: CurrentUser | null }>(INLINED_KEYS.session)?.user;
const app = (
  <StrictMode>
    <App initialUser={initialUser} />
  </StrictMode>
);

// Pages the server rendered (/, /library, /story/…, /player/…) are hydrated: their HTML is already
// on screen and React takes it over, in a transition so that it hydrates in short slices rather
// than one long task (decision 037). Any other page (or an address the fragment redirect just
// changed) is rendered here.
if (container.firstElementChild && !redirected) {
  startTransition(() => {
    hydrateRoot(container, app);
  });
} else {
  container.replaceChildren();
  createRoot(container).render(app);
}

// Offline use and installing (decision 039): registered once the page is interactive.
startServiceWorker();
