import { initTheme } from '#client/lib/theme';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from '#client/app/app';
import { applyFragmentRedirect } from '#client/lib/fragment-redirect';
import './styles.css';

// First: the stored theme (no inline script may do it, the CSP forbids inline scripts).
initTheme();
// Auth e-mail links put their result in the fragment; hand it to /email-confirmation before the
// router reads the address.
applyFragmentRedirect();

const container = document.getElementById('root');
if (!container) throw new Error('Missing #root element in index.html');

createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
