import { useCallback, useSyncExternalStore } from 'react';
import {
  defaultAssistSettings,
  parseAssistSettings,
  sleepOff,
  type AssistSettings,
  type SleepTimer,
} from '#shared/player/listening-assist';

/**
 * The listening assist's state in this browser (decision 034). The modes are kept in localStorage,
 * so they hold on the next chapter and the next visit, and follow other tabs; the sleep timer and
 * what the assist is doing right now live only in this page's memory (a sleep timer set yesterday
 * must not pause today's listening), which outlives moving to the next chapter inside the app.
 */

export const ASSIST_SETTINGS_KEY = 'relatos.listeningAssist';

function createStore<T>(initial: T) {
  let value = initial;
  const listeners = new Set<() => void>();
  return {
    get: () => value,
    set(next: T) {
      if (Object.is(next, value)) return;
      value = next;
      for (const listener of listeners) listener();
    },
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
  };
}

/* ----------------------------------------------------------------- settings */

let cached: { raw: string | null; settings: AssistSettings } | null = null;
const settingsListeners = new Set<() => void>();

function readRaw(): string | null {
  try {
    return localStorage.getItem(ASSIST_SETTINGS_KEY);
  } catch {
    return null;
  }
}

export function getAssistSettings(): AssistSettings {
  const raw = readRaw();
  if (cached === null || cached.raw !== raw) cached = { raw, settings: parseAssistSettings(raw) };
  return cached.settings;
}

function subscribeSettings(listener: () => void) {
  settingsListeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === ASSIST_SETTINGS_KEY) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    settingsListeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

export function updateAssistSettings(changes: Partial<AssistSettings>): void {
  const settings = { ...getAssistSettings(), ...changes };
  const raw = JSON.stringify(settings);
  try {
    localStorage.setItem(ASSIST_SETTINGS_KEY, raw);
    cached = { raw, settings };
  } catch {
    // Storage unavailable: keep the choice for this page view.
    cached = { raw: readRaw(), settings };
  }
  for (const listener of settingsListeners) listener();
}

export function useAssistSettings() {
  const settings = useSyncExternalStore(
    subscribeSettings,
    getAssistSettings,
    () => defaultAssistSettings,
  );
  const update = useCallback(
    (changes: Partial<AssistSettings>) => updateAssistSettings(changes),
    [],
  );
  return { settings, update };
}

/* ----------------------------------------------------------------- sleep timer */

export const sleepTimerStore = createStore<SleepTimer>(sleepOff);

export const useSleepTimerState = (): SleepTimer =>
  useSyncExternalStore(sleepTimerStore.subscribe, sleepTimerStore.get, () => sleepOff);

/** Whether the sleep timer will stop at the end of this chapter (the next one must not start). */
export const useSleepsAtChapterEnd = (): boolean => useSleepTimerState().kind === 'chapter-end';

/* ----------------------------------------------------------------- what is happening */

export type AssistActivity =
  | { kind: 'idle' }
  /** Paused at a line's end by auto-pause. */
  | { kind: 'paused-at-line-end'; line: number }
  /** Shadowing: the learner's turn; playback goes on at `resumesAt` (Date.now() clock). */
  | { kind: 'shadow-gap'; line: number; resumesAt: number }
  | { kind: 'slow-replay'; line: number; rate: number }
  /** The sleep timer paused playback. */
  | { kind: 'slept' };

export const idleActivity: AssistActivity = { kind: 'idle' };
export const activityStore = createStore<AssistActivity>(idleActivity);

export const useAssistActivity = (): AssistActivity =>
  useSyncExternalStore(activityStore.subscribe, activityStore.get, () => idleActivity);
