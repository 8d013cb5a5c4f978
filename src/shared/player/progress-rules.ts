/** A chapter counts as completed at its end or within this many seconds of it. */
export const COMPLETION_TOLERANCE_SECONDS = 2;

export interface ProgressState {
  progressPercentage: number;
  completed: boolean;
  lastPositionSeconds: number;
}

/**
 * The progress a save leaves behind. Completion is sticky: a completed chapter stays completed at
 * 100 % while the learner replays it (the player resets to 0 at the end).
 */
export function nextProgress(
  previous: Pick<ProgressState, 'completed'> | undefined,
  positionSeconds: number,
  durationSeconds: number,
): ProgressState {
  const position = Math.min(Math.max(0, positionSeconds), durationSeconds);
  const reachedEnd =
    durationSeconds > 0 && position >= durationSeconds - COMPLETION_TOLERANCE_SECONDS;
  const completed = (previous?.completed ?? false) || reachedEnd;
  const percentage = completed ? 100 : durationSeconds > 0 ? (position / durationSeconds) * 100 : 0;
  return {
    completed,
    progressPercentage: Math.round(percentage * 100) / 100,
    lastPositionSeconds: Math.round(position * 1000) / 1000,
  };
}

/**
 * Newest wins: a save recorded at `incoming` (client time corrected to server time) replaces the
 * stored one only when it is newer, so a late delivery never overwrites a newer position.
 */
export function isNewerSave(stored: Date | null | undefined, incoming: Date): boolean {
  return !stored || incoming.getTime() > stored.getTime();
}

/** Client time → server time, using the offset between the client's and server's clocks at send. */
export function correctClientTime(
  recordedAtClient: number,
  sentAtClient: number,
  receivedAtServer: number,
): Date {
  const offset = receivedAtServer - sentAtClient;
  return new Date(recordedAtClient + offset);
}
