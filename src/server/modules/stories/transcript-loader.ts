import type { Transcript } from '#shared/transcript';
import { InvalidTranscriptError, parseTranscript } from '#shared/transcript-parse';
import { messages } from '#shared/messages';
import { notFound } from '../../lib/errors.ts';
import type { ObjectStorage } from '../../lib/storage/storage.ts';

const CACHE_SIZE = 64;

/**
 * Reads and parses transcript files (JSON or legacy text), keeping the last few parsed in memory.
 * Keys are never reused for other content (a new upload gets a new key), so a cached entry can
 * only be stale if the object itself was replaced in place, which nothing does.
 */
export function createTranscriptLoader({ storage }: { storage: ObjectStorage }) {
  const cache = new Map<string, { etag: string; transcript: Transcript }>();

  return {
    async load(key: string): Promise<{ transcript: Transcript; etag: string }> {
      const info = await storage.head('trans', key);
      if (!info) throw notFound(messages.stories.transcriptUnavailable);
      const cached = cache.get(key);
      if (cached && cached.etag === info.etag) return cached;
      let transcript: Transcript;
      try {
        transcript = parseTranscript((await storage.readBuffer('trans', key)).toString('utf8'));
      } catch (error) {
        if (error instanceof InvalidTranscriptError)
          throw notFound(messages.stories.transcriptUnavailable);
        throw error;
      }
      const entry = { etag: info.etag, transcript };
      cache.delete(key);
      cache.set(key, entry);
      if (cache.size > CACHE_SIZE) cache.delete(cache.keys().next().value!);
      return entry;
    },
  };
}

export type TranscriptLoader = ReturnType<typeof createTranscriptLoader>;
