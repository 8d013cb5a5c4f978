import { correctClientTime } from '#shared/player/progress-rules';

/**
 * When a learner did something their device timed (answered, rated, edited), in server time: the
 * device's reading corrected by the offset between the clocks at send, and never later than the
 * request's arrival, so a clock the offset could not fix never dates anything in the future.
 */
export function serverTimeOf(
  recordedAtClient: number,
  sentAtClient: number,
  receivedAtServer: number,
): Date {
  const corrected = correctClientTime(recordedAtClient, sentAtClient, receivedAtServer).getTime();
  return new Date(Math.min(corrected, receivedAtServer));
}
