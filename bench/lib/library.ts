/** The demo library's chapters as the alignment bench uses them: audio, transcript, truth. */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { transcriptSchema } from '#shared/transcript';
import type { EvalTruth } from '../../scripts/alignment/eval-set.ts';
import { generatedDir } from '../../scripts/content/config.ts';
import { manifestSchema } from '../../scripts/content/manifest.ts';

export interface LibraryChapter {
  /** `<story slug>-<position>`. */
  name: string;
  title: string;
  audioPath: string;
  transcriptPath: string;
  durationSeconds: number;
}

export async function libraryChapters(): Promise<LibraryChapter[]> {
  const manifest = manifestSchema.parse(
    JSON.parse(await readFile(path.join(generatedDir, 'manifest.json'), 'utf8')),
  );
  return manifest.stories.flatMap((story) =>
    story.chapters.map((chapter) => ({
      name: `${story.slug}-${chapter.position}`,
      title: chapter.title,
      audioPath: path.join(generatedDir, chapter.audio),
      transcriptPath: path.join(generatedDir, chapter.transcript),
      durationSeconds: chapter.durationExact,
    })),
  );
}

/** A published transcript's word starts as truth (a sentence starts with its first word). */
export async function libraryTruth(chapter: LibraryChapter): Promise<EvalTruth> {
  const transcript = transcriptSchema.parse(
    JSON.parse(await readFile(chapter.transcriptPath, 'utf8')),
  );
  return {
    durationSeconds: chapter.durationSeconds,
    segments: transcript.segments.map((segment) => ({
      text: segment.text,
      start: segment.words[0]?.start ?? segment.start,
      words: segment.words.map((word) => ({ text: word.text, start: word.start })),
    })),
  };
}
