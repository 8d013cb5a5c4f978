import { WRITER_ACCOUNT_HEADER } from '#shared/offline/account-stamp';

/** The headers the learner-sync engine hands a kind's `send` for account `learner-1`. */
export const WRITER = { [WRITER_ACCOUNT_HEADER]: 'learner-1' };

/** The account a recorded request names as its writer (null: none). */
export const writerOf = (init: RequestInit): string | null =>
  new Headers(init.headers).get(WRITER_ACCOUNT_HEADER);
