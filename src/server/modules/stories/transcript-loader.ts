import type { Transcript } from '#shared/transcript';
import { InvalidTranscriptError, parseTranscript } from '#shared/transcript-parse';
import { messages } from '#shared/messages';
import { AppError, notFound, StorageUnreachableError } from '../../lib/errors.ts';
import type { ObjectStorage } from '../../lib/storage/storage.ts';

const CACHE_SIZE = 64;
/**
 * A parsed transcript is used this long before its object is checked again. Every open of the
 * player and every word translated from a story's text loads its transcript: checking the object
 * each time cost a storage round trip per request (issue 26's capacity bench).
 */
export const TRANSCRIPT_RECHECK_MS = 60_000;

interface Entry {
  etag: string;
  transcript: Transcript;
  checkedAt: number;
}

/**
 * Reads and parses transcript files (JSON or legacy text), keeping the last few parsed in memory.
 * Keys are never reused for other content by the studio (a new version gets a new key); the demo
 * library's keys are stable and may be written again by a newer release at its start, so a copy is
 * checked against the object's ETag once TRANSCRIPT_RECHECK_MS has passed. When the storage cannot
 * be reached for that check, the copy in memory is used: learners keep reading and translating
 * while only the audio, which is not kept here, waits for the storage to come back. A transcript
 * never read here while the storage is unreachable is a StorageUnreachableError (503, retry).
 */
export function createTranscriptLoader({
  storage,
  now = Date.now,
}: {
  storage: ObjectStorage;
  now?: () => number;
}) {
  const cache = new Map<string, Entry>();

  const remember = (key: string, entry: Entry) => {
    cache.delete(key);
    cache.set(key, entry);
    if (cache.size > CACHE_SIZE) cache.delete(cache.keys().next().value!);
    return entry;
  };

  return {
    async load(key: string): Promise<{ transcript: Transcript; etag: string }> {
      const cached = cache.get(key);
      if (cached && now() - cached.checkedAt < TRANSCRIPT_RECHECK_MS) return cached;
      let info: Awaited<ReturnType<ObjectStorage['head']>>;
      try {
        info = await storage.head('trans', key);
      } catch (error) {
        if (cached) return cached;
        throw new StorageUnreachableError(messages.stories.transcriptUnreachable, error);
      }
      if (!info) throw notFound(messages.stories.transcriptUnavailable);
      if (cached && cached.etag === info.etag) {
        return remember(key, { ...cached, checkedAt: now() });
      }
      let text: string;
      try {
        text = (await storage.readBuffer('trans', key)).toString('utf8');
      } catch (error) {
        // Gone between the check and the read: the storage's own refusal (not found) stands.
        if (error instanceof AppError) throw error;
        if (cached) return cached;
        throw new StorageUnreachableError(messages.stories.transcriptUnreachable, error);
      }
      let transcript: Transcript;
      try {
        transcript = parseTranscript(text);
      } catch (error) {
        if (error instanceof InvalidTranscriptError)
          throw notFound(messages.stories.transcriptUnavailable);
        throw error;
      }
      return remember(key, { etag: info.etag, transcript, checkedAt: now() });
    },
  };
}

export type TranscriptLoader = ReturnType<typeof createTranscriptLoader>;
