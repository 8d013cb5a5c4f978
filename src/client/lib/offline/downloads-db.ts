import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import { DOWNLOADS_STORE, OFFLINE_DB } from '#shared/offline/offline-storage';

/** One downloaded chapter, as the downloads list keeps it (decision 040). */
export interface DownloadRecord {
  chapterId: string;
  chapterTitle: string;
  chapterPosition: number;
  storyId: string;
  storySlug: string;
  storyTitle: string;
  /** The story's cover as the API gives it (null: none). */
  coverUrl: string | null;
  /** In DOWNLOADS_CACHE: the chapter's own files, then the files its story shares. */
  chapterUrls: string[];
  storyUrls: string[];
  /** In API_CACHE: the learner's own answers for the chapter (empty for a visitor). */
  personalUrls: string[];
  /** Bytes of every stored URL. */
  sizes: Record<string, number>;
  /** Bytes of the chapter's own files and answers (what removing it alone frees). */
  bytes: number;
  requiresLogin: boolean;
  /** Who downloaded it (null: a visitor). */
  userId: string | null;
  /** ISO 8601. */
  downloadedAt: string;
}

interface OfflineSchema extends DBSchema {
  [DOWNLOADS_STORE]: { key: string; value: DownloadRecord };
}

const VERSION = 1;
let opening: Promise<IDBPDatabase<OfflineSchema>> | null = null;

function database(): Promise<IDBPDatabase<OfflineSchema>> {
  opening ??= openDB<OfflineSchema>(OFFLINE_DB, VERSION, {
    upgrade(db) {
      if (!db.objectStoreNames.contains(DOWNLOADS_STORE)) {
        db.createObjectStore(DOWNLOADS_STORE, { keyPath: 'chapterId' });
      }
    },
    // Another tab upgrades the database: let it, and open again next time.
    blocking() {
      void opening?.then((db) => db.close());
      opening = null;
    },
    terminated() {
      opening = null;
    },
  });
  return opening;
}

export async function listDownloadRecords(): Promise<DownloadRecord[]> {
  return (await database()).getAll(DOWNLOADS_STORE);
}

export async function putDownloadRecord(record: DownloadRecord): Promise<void> {
  await (await database()).put(DOWNLOADS_STORE, record);
}

export async function deleteDownloadRecords(chapterIds: readonly string[]): Promise<void> {
  const db = await database();
  const tx = db.transaction(DOWNLOADS_STORE, 'readwrite');
  await Promise.all([...chapterIds.map((id) => tx.store.delete(id)), tx.done]);
}

/** For tests: forget the open connection (fake-indexeddb is reset between them). */
export function closeDownloadsDatabase(): void {
  void opening?.then((db) => db.close());
  opening = null;
}
