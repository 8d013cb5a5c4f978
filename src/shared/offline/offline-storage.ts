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
 * localStorage: what the learner did that waits for the server (decision 057): one store per
 * account, each entry naming its kind (a progress save, listening time, a bookmark or saved-item
 * change, a review answer). The app-wide flusher sends the signed-in account's on every page.
 */
export const syncStoreKey = (userId: string) => `relatos.sync.${userId}`;

/*
 * The three queues kept before decision 057, read once, converted into the stores above and
 * removed (src/client/lib/sync/legacy-queues.ts), so nothing queued before the upgrade is lost.
 */

/** Progress saves of every account (each entry names its user). */
export const LEGACY_PROGRESS_QUEUE_KEY = 'relatos.progressQueue';
/** Followed by an account's id: its review answers. */
export const LEGACY_REVIEW_ANSWERS_PREFIX = 'relatos.review.answers.';
/** Followed by an account's id: its bookmark and saved-item operations, in the order made. */
export const LEGACY_OUTBOX_PREFIX = 'relatos.outbox.';
