import { z } from 'zod';

/** What the browser reports that the server cannot see: unknown routes and client errors. */
export const clientLogEventSchema = z
  .object({
    kind: z.enum(['not_found', 'error']),
    path: z.string().max(2048),
    code: z.string().max(64).optional(),
    message: z.string().max(1000).optional(),
  })
  .strict();
export type ClientLogEvent = z.infer<typeof clientLogEventSchema>;
