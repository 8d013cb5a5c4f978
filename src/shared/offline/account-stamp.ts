/*
 * Which account an answer was made for (issue 23): the server stamps every page and API answer
 * with an opaque tag of its viewer, and the service worker serves a kept answer offline only to
 * the account it was made for. A device shared by two learners, or a session that ended while no
 * page was open, never shows one learner's saved answers to somebody else.
 */

/** The response header carrying the tag. */
export const ACCOUNT_STAMP_HEADER = 'X-Relatos-Account';
/**
 * The session answer: the device's account is the stamp of the last one it kept (the app asks for
 * it at every start and every 30 s while signed in).
 */
export const SESSION_ANSWER_PATH = '/api/auth/session';
/**
 * The request header of a learner's waiting write (the learner-sync engine, decision 076): the id
 * of the account that made it. A tab that still believes an account is signed in after another
 * one signed in elsewhere on the device would otherwise send the first account's waiting changes
 * with the second one's cookie; the server refuses such a write as not signed in (401), so the
 * engine keeps it for its own account.
 */
export const WRITER_ACCOUNT_HEADER = 'X-Relatos-Writer';

/**
 * Set by the service worker on an answer it gave from what it kept because the network failed:
 * not the server's word of now. A session answer so marked is checked again soon once the browser
 * says it is online (coming back online, the worker's first requests may still fail).
 */
export const KEPT_ANSWER_HEADER = 'X-Relatos-Kept';

/** The tag of an answer made for nobody signed in: anyone may see it. */
export const ANONYMOUS_STAMP = 'none';

/**
 * Whether a kept answer stamped `stamp` may be shown while the device's account is `owner` (the
 * stamp of the last session answer the device kept; null when it kept none). Unstamped answers
 * (kept before stamping existed, or for an unknown session) are never shown.
 */
export function mayServeKeptAnswer(stamp: string | null, owner: string | null): boolean {
  if (stamp === null || stamp === '') return false;
  return stamp === ANONYMOUS_STAMP || stamp === owner;
}
