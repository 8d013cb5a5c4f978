// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  applyTheme,
  initTheme,
  nextThemePreference,
  readThemePreference,
  resolveTheme,
  setThemePreference,
  THEME_STORAGE_KEY,
} from './theme';

function stubSystemDark(dark: boolean) {
  vi.stubGlobal(
    'matchMedia',
    vi.fn((query: string) => ({
      matches: dark && query === '(prefers-color-scheme: dark)',
      media: query,
      addEventListener: vi.fn(),
      removeEventListener: vi.fn(),
    })),
  );
}

describe('theme', () => {
  beforeEach(() => {
    localStorage.clear();
    document.documentElement.className = '';
  });

  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('resolves auto from the system preference and keeps explicit choices', () => {
    expect(resolveTheme('auto', true)).toBe('dark');
    expect(resolveTheme('auto', false)).toBe('light');
    expect(resolveTheme('light', true)).toBe('light');
    expect(resolveTheme('dark', false)).toBe('dark');
  });

  it("paints the browser's bar (theme-color) with the chosen theme, whatever the system's", () => {
    stubSystemDark(false);
    document.head.innerHTML =
      '<meta name="theme-color" content="#fbf7f1" media="(prefers-color-scheme: light)" />' +
      '<meta name="theme-color" content="#1b1613" media="(prefers-color-scheme: dark)" />';
    const colors = () =>
      [...document.querySelectorAll('meta[name="theme-color"]')].map((m) =>
        m.getAttribute('content'),
      );
    applyTheme('dark');
    expect(colors()).toEqual(['#1b1613', '#1b1613']);
    applyTheme('light');
    expect(colors()).toEqual(['#fbf7f1', '#fbf7f1']);
    document.head.innerHTML = '';
  });

  it('cycles light → dark → auto → light', () => {
    expect(nextThemePreference('light')).toBe('dark');
    expect(nextThemePreference('dark')).toBe('auto');
    expect(nextThemePreference('auto')).toBe('light');
  });

  it('reads the stored preference, defaulting to auto for missing or unknown values', () => {
    expect(readThemePreference()).toBe('auto');
    localStorage.setItem(THEME_STORAGE_KEY, 'dark');
    expect(readThemePreference()).toBe('dark');
    localStorage.setItem(THEME_STORAGE_KEY, 'purple');
    expect(readThemePreference()).toBe('auto');
  });

  it('applies the dark class when auto meets a dark system', () => {
    stubSystemDark(true);
    expect(applyTheme('auto')).toBe('dark');
    expect(document.documentElement.classList.contains('dark')).toBe(true);
    expect(document.documentElement.classList.contains('light')).toBe(false);
  });

  it('initialises from storage and stores a new preference', () => {
    stubSystemDark(false);
    localStorage.setItem(THEME_STORAGE_KEY, 'dark');
    initTheme();
    expect(document.documentElement.classList.contains('dark')).toBe(true);

    setThemePreference('light');
    expect(localStorage.getItem(THEME_STORAGE_KEY)).toBe('light');
    expect(document.documentElement.classList.contains('dark')).toBe(false);
    expect(document.documentElement.classList.contains('light')).toBe(true);
  });
});
