import { useCallback, useEffect, useSyncExternalStore } from 'react';
import { clampTextSize, TEXT_SIZE } from '#shared/player/timing';
import { storedSettings } from '#client/lib/stored-settings';

export type ReadingPalette = 'light' | 'sepia' | 'dark';

export interface ReadingSettings {
  /** Transcript text size in px: 12 to 24, step 2 (spec). */
  textSize: number;
  /** null follows the site theme until the learner picks one. */
  palette: ReadingPalette | null;
  /** The palette night mode returns to when switched off. */
  dayPalette: Exclude<ReadingPalette, 'dark'>;
  /** Underline the words the learner has not met yet. */
  markNewWords: boolean;
}

export const READING_SETTINGS_KEY = 'relatos.reading';
const palettes: readonly ReadingPalette[] = ['light', 'sepia', 'dark'];
export const defaultReadingSettings: ReadingSettings = {
  textSize: TEXT_SIZE.default,
  palette: null,
  dayPalette: 'light',
  markNewWords: true,
};

export function parseReadingSettings(raw: string | null): ReadingSettings {
  if (raw === null) return defaultReadingSettings;
  try {
    const value = JSON.parse(raw) as Partial<Record<keyof ReadingSettings, unknown>>;
    return {
      textSize:
        typeof value.textSize === 'number' && Number.isFinite(value.textSize)
          ? clampTextSize(value.textSize)
          : TEXT_SIZE.default,
      palette: palettes.includes(value.palette as ReadingPalette)
        ? (value.palette as ReadingPalette)
        : null,
      dayPalette: value.dayPalette === 'sepia' ? 'sepia' : 'light',
      markNewWords: typeof value.markNewWords === 'boolean' ? value.markNewWords : true,
    };
  } catch {
    return defaultReadingSettings;
  }
}

const store = storedSettings(READING_SETTINGS_KEY, parseReadingSettings);

/** Text size, palette and new-word marks, remembered in localStorage and shared across tabs. */
export function useReadingSettings() {
  const settings = useSyncExternalStore(store.subscribe, store.get, () => defaultReadingSettings);
  const update = useCallback((changes: Partial<ReadingSettings>) => {
    const next = { ...store.get(), ...changes };
    store.save({ ...next, textSize: clampTextSize(next.textSize) });
  }, []);
  return { settings, update };
}

/**
 * The reading palette is the whole page's while a listening screen is open (issue 14): on <html>,
 * the palette rules (transcript.css) re-theme the site header and footer with the reading area,
 * so night mode darkens the whole page. Leaving the screen gives the page back to the site theme.
 */
export function usePagePalette(palette: ReadingPalette): void {
  useEffect(() => {
    const root = document.documentElement;
    root.dataset.palette = palette;
    return () => {
      delete root.dataset.palette;
    };
  }, [palette]);
}
