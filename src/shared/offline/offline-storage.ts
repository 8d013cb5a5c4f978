/*
 * Where Relatos keeps things in the browser for offline use (issue 15). One home for the names, so
 * the service worker, the downloads manager and sign-out's clean-up agree on them.
 */

/** Cache Storage: files of downloaded chapters (audio, transcript, chapter, story, cover). */
export const DOWNLOADS_CACHE = 'relatos-downloads-v1';
/** Cache Storage: API answers last seen (network first); personal, cleared on sign-out. */
export const API_CACHE = 'relatos-api-v1';
/** Cache Storage: HTML of pages last visited (network first); personal, cleared on sign-out. */
export const PAGES_CACHE = 'relatos-pages-v1';
/** Caches holding what one signed-in learner saw: emptied on sign-out and account deletion. */
export const PERSONAL_CACHES = [API_CACHE, PAGES_CACHE] as const;

/**
 * localStorage: the account (its id; '' for nobody) whose personal caches and downloads this device
 * holds. When the app learns of another (a session that ended while no page was open, another
 * learner signing in), what belonged to the previous one is emptied first.
 */
export const DEVICE_ACCOUNT_KEY = 'relatos.deviceAccount';

/** IndexedDB database of the downloads list (what is stored, for whom, how large). */
export const OFFLINE_DB = 'relatos-offline';
/** The object store of `OFFLINE_DB` listing downloaded chapters (key: the chapter id). */
export const DOWNLOADS_STORE = 'downloads';

/*
 * localStorage: what the learner did while the server could not be reached, waiting to be sent
 * (decision 041). The app-wide flusher looks for these keys on every page.
 */

/** Progress saves of every account (each entry names its user). */
export const PROGRESS_QUEUE_KEY = 'relatos.progressQueue';
/** One account's review answers. */
export const reviewAnswersKey = (userId: string) => `relatos.review.answers.${userId}`;
/** One account's bookmark and saved-item operations, in the order made. */
export const outboxKey = (userId: string) => `relatos.outbox.${userId}`;
