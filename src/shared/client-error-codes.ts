/**
 * Internal error codes the browser records in its error log (admin spec, section 8).
 * Distinct from the API's `errorCodes` in `./errors.ts`: these classify failures seen by the
 * client, whatever their origin (network, storage, audio element, API).
 */
export const clientErrorCodes = [
  'NETWORK_ERROR',
  'VALIDATION_ERROR',
  'PERMISSION_DENIED',
  'STORY_CREATION_FAILED',
  'CHAPTER_CREATION_FAILED',
  'FILE_UPLOAD_FAILED',
  'AUTH_ERROR',
  'STORAGE_ERROR',
  'RLS_ERROR',
  'AUDIO_LOAD_ERROR',
  'UNKNOWN_ERROR',
] as const;

export type ClientErrorCode = (typeof clientErrorCodes)[number];

export const isClientErrorCode = (value: string): value is ClientErrorCode =>
  (clientErrorCodes as readonly string[]).includes(value);
