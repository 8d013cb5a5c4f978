/**
 * A 60-minute chapter for the bench, made at bench time (never committed): the demo chapters one
 * after another, round and round, until an hour is reached, with a second of silence between them.
 * Written as Opus (an upload's size, not a WAV's) with its untimed transcript and its truth.
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { decodeAudio } from '#server/lib/audio/index';
import { transcriptSchema, type Transcript } from '#shared/transcript';
import { concatPcm, silence, writeOpus } from '../../scripts/alignment/eval-audio.ts';
import type { EvalTruth } from '../../scripts/alignment/eval-set.ts';
import type { LibraryChapter } from './library.ts';

const RATE = 22_050;
const GAP_SECONDS = 1;

export interface LongChapterFiles {
  audio: string;
  text: string;
  truth: string;
  seconds: number;
  chapters: number;
}

export async function writeLongChapter(
  library: LibraryChapter[],
  dir: string,
  targetSeconds = 3600,
): Promise<LongChapterFiles> {
  await mkdir(dir, { recursive: true });
  const parts: Float32Array[] = [];
  const segments: Transcript['segments'] = [];
  const truth: EvalTruth['segments'] = [];
  let seconds = 0;
  let count = 0;
  while (seconds < targetSeconds) {
    const chapter = library[count % library.length]!;
    const audio = await decodeAudio(chapter.audioPath, { sampleRate: RATE });
    const transcript = transcriptSchema.parse(
      JSON.parse(await readFile(chapter.transcriptPath, 'utf8')),
    );
    const shift = seconds;
    for (const segment of transcript.segments) {
      segments.push({
        ...segment,
        id: `c${count + 1}${segment.id}`,
        start: 0,
        end: 0,
        words: segment.words.map((word) => ({
          ...word,
          id: `c${count + 1}${word.id}`,
          start: 0,
          end: 0,
        })),
      });
      truth.push({
        text: segment.text,
        start: (segment.words[0]?.start ?? segment.start) + shift,
        words: segment.words.map((word) => ({ text: word.text, start: word.start + shift })),
      });
    }
    parts.push(audio.samples, silence(GAP_SECONDS, RATE));
    seconds += audio.samples.length / RATE + GAP_SECONDS;
    count++;
  }
  const files = {
    audio: path.join(dir, 'long-chapter.opus'),
    text: path.join(dir, 'long-chapter.json'),
    truth: path.join(dir, 'long-chapter.truth.json'),
  };
  await writeOpus({ samples: concatPcm(parts), sampleRate: RATE }, 24, files.audio);
  await writeFile(files.text, JSON.stringify({ segments }));
  await writeFile(files.truth, JSON.stringify({ durationSeconds: seconds, segments: truth }));
  return { ...files, seconds, chapters: count };
}
