/**
 * Duration formatting shared by the player, library and admin screens.
 * Spec: under an hour `m:ss` (seconds padded); an hour or more `Hh Mm`; story totals in rounded
 * minutes.
 *
 * Two kinds of time: a place in a recording (a position, a bookmark, time left) reads as a clock
 * does, whole seconds passed; a recording's length is its exact length to the nearest second, as
 * a chapter stores it (`recordingSeconds`), so a 153.6 s chapter reads 2:34 wherever it is shown,
 * whether the screen has the stored length or the exact one (the studio, the player).
 */

const toWholeSeconds = (seconds: number): number =>
  Number.isFinite(seconds) && seconds > 0 ? Math.floor(seconds) : 0;

/**
 * A place in a recording: 75 → '1:15', 75.9 → '1:15', 3725 → '1h 2m'. Negative, NaN and infinite
 * inputs count as 0.
 */
export function formatClock(seconds: number): string {
  const total = toWholeSeconds(seconds);
  if (total >= 3600) {
    const hours = Math.floor(total / 3600);
    const minutes = Math.floor((total % 3600) / 60);
    return `${hours}h ${minutes}m`;
  }
  const minutes = Math.floor(total / 60);
  const secs = total % 60;
  return `${minutes}:${String(secs).padStart(2, '0')}`;
}

/**
 * A recording's length in whole seconds, to the nearest one: 153.6 → 154, 153.4 → 153. The one
 * rule for the lengths chapters store and screens show. Negative, NaN and infinite count as 0.
 */
export const recordingSeconds = (seconds: number): number =>
  Number.isFinite(seconds) && seconds > 0 ? Math.round(seconds) : 0;

/** A recording's length, exact or stored: 153.6 → '2:34', 154 → '2:34'. */
export const formatDuration = (seconds: number): string => formatClock(recordingSeconds(seconds));

/** Total seconds as whole minutes, rounded to the nearest minute: 90 → 2, 89 → 1. */
export function formatMinutes(totalSeconds: number): number {
  if (!Number.isFinite(totalSeconds) || totalSeconds <= 0) return 0;
  return Math.round(totalSeconds / 60);
}
