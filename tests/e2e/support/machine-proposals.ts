import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import type { APIRequestContext } from '@playwright/test';
import type { StudioChapter } from '#shared/contracts/studio';
import type { Transcript } from '#shared/transcript';
import { expect } from './fixtures.ts';
import { createDraft, farPosition, uploadAdminFile } from './studio.ts';

/**
 * A chapter of machine proposals for review mode (decision 047), made through the admin API as an
 * administrator's upload makes one: shared by the review journey (studio-review.spec.ts) and the
 * review-throughput benchmark (bench/review-throughput.ts), which drive it with the keyboard.
 */

/** A word whose timing the aligner doubts: the word `text` of sentence `segment` (0-based). */
export interface DoubtfulWord {
  segment: number;
  text: string;
}

/** Below DOUBTFUL_CONFIDENCE (0.5): the studio and publishing count the word as doubtful. */
const DOUBTFUL = 0.3;

/**
 * A timed transcript as a machine would have proposed it: every translation from Apertium and
 * every gloss from the lexicon, none approved; the words named are doubtful.
 */
export function asMachineProposals(
  transcript: Transcript,
  doubtful: readonly DoubtfulWord[] = [],
): Transcript {
  return {
    segments: transcript.segments.map((segment, index) => ({
      ...segment,
      translationSource: 'machine' as const,
      translationOrigin: 'apertium' as const,
      words: segment.words.map((word) => ({
        ...word,
        glossSource: 'machine' as const,
        glossOrigin: 'lexicon' as const,
        ...(doubtful.some((doubt) => doubt.segment === index && doubt.text === word.text)
          ? { confidence: DOUBTFUL }
          : {}),
      })),
    })),
  };
}

export interface ProposalsChapter {
  storyId: string;
  chapterId: string;
}

/**
 * A draft story (last in the library) of one chapter: this .m4a recording and this transcript,
 * uploaded under names of their own. The caller deletes the story when done.
 */
export async function createProposalsChapter(
  request: APIRequestContext,
  chapter: { storyTitle: string; title: string; audioPath: string; transcript: Transcript },
): Promise<ProposalsChapter> {
  const tag = randomBytes(3).toString('hex');
  const audio = await uploadAdminFile(request, 'audios', {
    name: `proposals-${tag}.m4a`,
    mimeType: 'audio/mp4',
    buffer: fs.readFileSync(chapter.audioPath),
  });
  const text = await uploadAdminFile(request, 'trans', {
    name: `proposals-${tag}.json`,
    mimeType: 'application/json',
    buffer: Buffer.from(JSON.stringify(chapter.transcript)),
  });
  const draft = await createDraft(request, {
    title: `${chapter.storyTitle} ${tag}`,
    description: 'Un capítulo de propuestas de la máquina.',
    level: 'Beginner',
    position: farPosition(),
    chapters: [
      { title: chapter.title, audioFileId: audio.filePath, transcriptFileId: text.filePath },
    ],
  });
  return { storyId: draft.id, chapterId: draft.chapters[0]!.id };
}

/** The chapter as the studio's API holds it (what is saved, what still waits). */
export async function studioChapter(
  request: APIRequestContext,
  chapterId: string,
): Promise<StudioChapter> {
  const response = await request.get(`/api/admin/chapters/${chapterId}/studio`);
  expect(response.status()).toBe(200);
  return (await response.json()) as StudioChapter;
}
