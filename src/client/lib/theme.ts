import { useSyncExternalStore } from 'react';

/** 'auto' follows the operating system's colour scheme (prefers-color-scheme). */
export type ThemePreference = 'light' | 'dark' | 'auto';
export type ResolvedTheme = 'light' | 'dark';

export const THEME_STORAGE_KEY = 'relatos.theme';
const themePreferences: readonly ThemePreference[] = ['light', 'dark', 'auto'];
const DARK_QUERY = '(prefers-color-scheme: dark)';

export const isThemePreference = (value: unknown): value is ThemePreference =>
  typeof value === 'string' && (themePreferences as readonly string[]).includes(value);

/** The toggle cycles light → dark → auto → light. */
export const nextThemePreference = (current: ThemePreference): ThemePreference =>
  current === 'light' ? 'dark' : current === 'dark' ? 'auto' : 'light';

export const resolveTheme = (
  preference: ThemePreference,
  systemPrefersDark: boolean,
): ResolvedTheme => (preference === 'auto' ? (systemPrefersDark ? 'dark' : 'light') : preference);

export function readThemePreference(): ThemePreference {
  try {
    const stored = localStorage.getItem(THEME_STORAGE_KEY);
    return isThemePreference(stored) ? stored : 'auto';
  } catch {
    return 'auto';
  }
}

const systemPrefersDark = (): boolean =>
  typeof matchMedia === 'function' && matchMedia(DARK_QUERY).matches;

/** The page's canvas in each theme (styles.css `--color-canvas`), for the browser's own bar. */
export const THEME_CANVAS: Record<ResolvedTheme, string> = { light: '#fbf7f1', dark: '#1b1613' };

/**
 * Puts the resolved theme on <html> as a `light` or `dark` class and as its colour scheme, and on
 * the `theme-color` metas: a phone's browser paints its top bar (the page's visible header) with
 * them, and index.html's follow the system, not the learner's night mode (issue 14).
 */
export function applyTheme(
  preference: ThemePreference,
  root: HTMLElement = document.documentElement,
): ResolvedTheme {
  const resolved = resolveTheme(preference, systemPrefersDark());
  root.classList.toggle('dark', resolved === 'dark');
  root.classList.toggle('light', resolved === 'light');
  root.style.colorScheme = resolved;
  for (const meta of root.ownerDocument.querySelectorAll('meta[name="theme-color"]')) {
    meta.setAttribute('content', THEME_CANVAS[resolved]);
  }
  return resolved;
}

// A tiny external store so the toggle, the toaster and future screens (profile preferences) agree.
interface ThemeSnapshot {
  preference: ThemePreference;
  resolved: ResolvedTheme;
}

let snapshot: ThemeSnapshot = { preference: 'auto', resolved: 'light' };
const listeners = new Set<() => void>();
let mediaQuery: MediaQueryList | null = null;

const emit = () => {
  for (const listener of listeners) listener();
};

function update(preference: ThemePreference) {
  const resolved = applyTheme(preference);
  if (snapshot.preference !== preference || snapshot.resolved !== resolved) {
    snapshot = { preference, resolved };
    emit();
  }
}

const onSystemChange = () => {
  if (snapshot.preference === 'auto') update('auto');
};

const onStorage = (event: StorageEvent) => {
  if (event.key === THEME_STORAGE_KEY) update(readThemePreference());
};

/** Call once, first thing at start-up: applies the stored theme and follows later changes. */
export function initTheme(): void {
  snapshot = { preference: readThemePreference(), resolved: 'light' };
  snapshot = { ...snapshot, resolved: applyTheme(snapshot.preference) };
  if (mediaQuery === null && typeof matchMedia === 'function') {
    mediaQuery = matchMedia(DARK_QUERY);
    mediaQuery.addEventListener('change', onSystemChange);
    // Another tab changed the preference.
    window.addEventListener('storage', onStorage);
  }
}

export function setThemePreference(preference: ThemePreference): void {
  try {
    localStorage.setItem(THEME_STORAGE_KEY, preference);
  } catch {
    // Storage unavailable: the choice still applies to this page view.
  }
  update(preference);
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
const getSnapshot = () => snapshot;
// What the server renders with (it cannot know the stored choice); a hydrating browser starts
// from it too, then moves to its own snapshot without a mismatch.
const serverSnapshot: ThemeSnapshot = { preference: 'auto', resolved: 'light' };
const getServerSnapshot = () => serverSnapshot;

export function useTheme(): ThemeSnapshot & {
  setPreference: (preference: ThemePreference) => void;
} {
  const current = useSyncExternalStore(subscribe, getSnapshot, getServerSnapshot);
  return { ...current, setPreference: setThemePreference };
}
