import { z } from 'zod';
import { unreviewedCountsSchema } from './contracts/publishing.ts';

/** Machine-readable codes of the common error shape `{ error: { code, message, details? } }`. */
export const errorCodes = [
  'BAD_REQUEST',
  'VALIDATION_ERROR',
  'UNAUTHORIZED',
  'INVALID_CREDENTIALS',
  'EMAIL_NOT_VERIFIED',
  'TOKEN_EXPIRED',
  'TOKEN_INVALID',
  'ALREADY_CONFIRMED',
  'FORBIDDEN',
  'NOT_FOUND',
  'METHOD_NOT_ALLOWED',
  'CONFLICT',
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
  'RANGE_NOT_SATISFIABLE',
  'RATE_LIMITED',
  'INTERNAL_ERROR',
  'SERVICE_UNAVAILABLE',
] as const;

export type ErrorCode = (typeof errorCodes)[number];

/** One problem with a request's input: where (a JSON pointer, `/chapters/1/title`) and what. */
export const errorIssueSchema = z.object({ path: z.string(), message: z.string() });

/**
 * The one shape of an error's `details`. Every key is optional; an error carries those its reader
 * needs:
 * - `issues` (with `context`: body, querystring, params or headers): every problem the request's
 *   schema found; the first one is also the error's message ('Story title is required').
 * - `problems`: the password rules a new password breaks.
 * - `fields`: a message per form field, for forms checked by a shared rule (tracking tags).
 * - `hint`: a second line for people ('Please choose a different title').
 * - `retryAfterSeconds`: when a rate-limited request may be tried again.
 * - `expectedSeconds`: the chapter length a progress save had to match.
 * - `unreviewed`: what of a story no person has reviewed, when a publish was refused for it
 *   (decision 043).
 */
export const errorDetailsSchema = z.object({
  context: z.string().optional(),
  issues: z.array(errorIssueSchema).optional(),
  problems: z.array(z.string()).optional(),
  fields: z.record(z.string(), z.string()).optional(),
  hint: z.string().optional(),
  retryAfterSeconds: z.number().optional(),
  expectedSeconds: z.number().optional(),
  unreviewed: unreviewedCountsSchema.optional(),
});

export type ErrorIssue = z.infer<typeof errorIssueSchema>;
export type ErrorDetails = z.infer<typeof errorDetailsSchema>;

/**
 * The common error body. The server only ever sends {@link ErrorDetails} (AppError is typed so);
 * a reader keeps keys it does not know rather than failing on them.
 */
export const apiErrorSchema = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    details: errorDetailsSchema.loose().optional(),
  }),
});

export type ApiErrorBody = z.infer<typeof apiErrorSchema>;
