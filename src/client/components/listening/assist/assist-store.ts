import { useCallback, useSyncExternalStore } from 'react';
import {
  defaultAssistSettings,
  parseAssistSettings,
  sleepOff,
  type AssistSettings,
  type SleepTimer,
} from '#shared/player/listening-assist';
import { storedSettings } from '#client/lib/stored-settings';

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

const settingsStore = storedSettings(ASSIST_SETTINGS_KEY, parseAssistSettings);

export const getAssistSettings = (): AssistSettings => settingsStore.get();

export function updateAssistSettings(changes: Partial<AssistSettings>): void {
  settingsStore.save({ ...getAssistSettings(), ...changes });
}

export function useAssistSettings() {
  const settings = useSyncExternalStore(
    settingsStore.subscribe,
    settingsStore.get,
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
