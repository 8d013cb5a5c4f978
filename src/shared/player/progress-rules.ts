/** A chapter counts as completed at its end or within this many seconds of it. */
export const COMPLETION_TOLERANCE_SECONDS = 2;

export interface ProgressState {
  progressPercentage: number;
  completed: boolean;
  lastPositionSeconds: number;
}

/**
 * The progress one save describes: position clamped into the chapter, percentage, and whether it
 * completes the chapter. Storing it is the database's job (progress.repository.ts): there the
 * newest save by corrected client time wins, and a completed chapter stays completed at 100 %.
 */
export function progressAt(positionSeconds: number, durationSeconds: number): ProgressState {
  const position = Math.min(Math.max(0, positionSeconds), durationSeconds);
  const completed =
    durationSeconds > 0 && position >= durationSeconds - COMPLETION_TOLERANCE_SECONDS;
  const percentage = completed ? 100 : durationSeconds > 0 ? (position / durationSeconds) * 100 : 0;
  return {
    completed,
    progressPercentage: Math.round(percentage * 100) / 100,
    lastPositionSeconds: Math.round(position * 1000) / 1000,
  };
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
