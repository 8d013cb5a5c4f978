/**
 * Duration formatting shared by the player, library and admin screens.
 * Spec: under an hour `m:ss` (seconds padded); an hour or more `Hh Mm`; story totals in rounded
 * minutes.
 */

const toWholeSeconds = (seconds: number): number =>
  Number.isFinite(seconds) && seconds > 0 ? Math.floor(seconds) : 0;

/** 75 → '1:15', 5 → '0:05', 3725 → '1h 2m'. Negative, NaN and infinite inputs count as 0. */
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

/** Total seconds as whole minutes, rounded to the nearest minute: 90 → 2, 89 → 1. */
export function formatMinutes(totalSeconds: number): number {
  if (!Number.isFinite(totalSeconds) || totalSeconds <= 0) return 0;
  return Math.round(totalSeconds / 60);
}
