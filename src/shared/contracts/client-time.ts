import { z } from 'zod';

/**
 * The latest client clock reading taken: 1 January 2200 (UTC). A device whose clock reads later
 * is broken, and the bound keeps the server's correction of a reading (reading + the offset
 * between the clocks, src/shared/player/progress-rules.ts) a date JavaScript and PostgreSQL both
 * hold, where 8.64e15 ms and beyond made an Invalid Date and a 500.
 */
export const CLIENT_TIME_MAX = Date.UTC(2200, 0, 1);

export const CLIENT_TIME_MESSAGE =
  'Must be a time in whole milliseconds since 1 January 1970, before the year 2200';

/**
 * A client clock reading (ms since epoch): when a learner saved a position, edited a bookmark,
 * rated a card, or sent the request. The one schema for every such field a learner sends: a
 * whole number from 0 (a device whose clock was reset still counts; the server corrects it by
 * the offset at send) to CLIENT_TIME_MAX.
 */
export const clientTimeSchema = z
  .number({ error: CLIENT_TIME_MESSAGE })
  .int({ error: CLIENT_TIME_MESSAGE })
  .min(0, { error: CLIENT_TIME_MESSAGE })
  .max(CLIENT_TIME_MAX, { error: CLIENT_TIME_MESSAGE });
