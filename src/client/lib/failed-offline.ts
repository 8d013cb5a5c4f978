import { isApiError } from './api-client';

/** The device says it has no connection. */
const deviceOffline = () => typeof navigator !== 'undefined' && navigator.onLine === false;

/**
 * The request never got an answer because the device is offline (issue 15), directly or as the
 * cause of the error at hand: not a failure of the app or the server, so it is neither logged as
 * an error nor shown as one; what needs the network says so instead.
 */
export function failedOffline(error: unknown): boolean {
  for (let cause = error, depth = 0; cause instanceof Error && depth < 5; depth += 1) {
    if (isApiError(cause)) return cause.status === 0 && deviceOffline();
    cause = cause.cause;
  }
  return false;
}
