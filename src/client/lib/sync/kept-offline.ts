import { offlineTexts } from '#client/lib/offline/offline-texts';

/**
 * The success words of a change kept by the learner-sync engine (decision 057), as they stand at the
 * moment of the action: when the browser is offline then, they add that the change is kept on
 * this device and sent when the connection returns. Call it when the learner acts, not later.
 */
export function doneOrKept(text: string): string {
  const offline = typeof navigator !== 'undefined' && navigator.onLine === false;
  return offline ? `${text} — ${offlineTexts.keptUntilOnline}` : text;
}
