import type { ErrorCode, ErrorDetails } from '#shared/errors';

/**
 * A failure a service can explain to the client: a code of the common error shape, a message for
 * people and optional details (`#shared/errors` describes their shape). Services throw these and
 * never choose an HTTP status: the one error handler (lib/http/error-handler.ts) does, from the
 * code. Anything else becomes a 500 with a hidden message.
 */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details?: ErrorDetails,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const badRequest = (message: string, details?: ErrorDetails) =>
  new AppError('BAD_REQUEST', message, details);
export const validationError = (message: string, details?: ErrorDetails) =>
  new AppError('VALIDATION_ERROR', message, details);
export const unauthorized = (message = 'Sign in required') => new AppError('UNAUTHORIZED', message);
export const forbidden = (message = 'You do not have permission to perform this action') =>
  new AppError('FORBIDDEN', message);
export const notFound = (message = 'Not found') => new AppError('NOT_FOUND', message);
export const conflict = (message: string, details?: ErrorDetails) =>
  new AppError('CONFLICT', message, details);
export const payloadTooLarge = (message: string) => new AppError('PAYLOAD_TOO_LARGE', message);
export const unsupportedMediaType = (message: string) =>
  new AppError('UNSUPPORTED_MEDIA_TYPE', message);
export const rangeNotSatisfiable = (message = 'Requested range not satisfiable') =>
  new AppError('RANGE_NOT_SATISFIABLE', message);
export const rateLimited = (message: string, details?: ErrorDetails) =>
  new AppError('RATE_LIMITED', message, details);
export const serviceUnavailable = (message: string) => new AppError('SERVICE_UNAVAILABLE', message);

/** How soon a client may try again when the file storage could not be reached. */
export const STORAGE_RETRY_AFTER_SECONDS = 5;

/**
 * The file storage (disk or bucket) could not be reached for something this instance does not
 * hold already: 503 with Retry-After, as while the database is down. Callers that can answer
 * without the file (a word translated from the dictionary) catch it; its cause is for the log.
 */
export class StorageUnreachableError extends AppError {
  constructor(
    message: string,
    override readonly cause: unknown,
  ) {
    super('SERVICE_UNAVAILABLE', message, { retryAfterSeconds: STORAGE_RETRY_AFTER_SECONDS });
    this.name = 'StorageUnreachableError';
  }
}
