/**
 * The engine on its own thread gives what the engine gives in the server's (same times, same
 * refusals, progress in order), stops at once when cancelled, and is stopped with the memory
 * message when it holds more than its limit, leaving this process untouched.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { transcriptSchema, type Transcript } from '#shared/transcript';
import { alignTranscript } from '../alignment/align.ts';
import { AlignmentError, type AlignmentInput } from '../alignment/types.ts';
import { decodeAudio } from '../audio/index.ts';
import { AlignmentMemoryError, createAlignInThread } from './align-in-thread.ts';

const fixtures = path.join(import.meta.dirname, '../alignment/fixtures');
const alignInThread = createAlignInThread({ memoryMb: 1024 });

let untimed: Transcript;
let clean: { samples: Float32Array; sampleRate: number };

beforeAll(async () => {
  const truth = transcriptSchema.parse(
    JSON.parse(await readFile(path.join(fixtures, 'demo-excerpt.json'), 'utf8')),
  );
  untimed = {
    segments: truth.segments.map((segment) => ({
      ...segment,
      start: 0,
      end: 0,
      words: segment.words.map((word) => ({ ...word, start: 0, end: 0 })),
    })),
  };
  clean = await decodeAudio(path.join(fixtures, 'demo-excerpt.opus'));
});

/** Each run gets its own copy of the samples, as a decoded recording would be. */
const input = (extra: Partial<AlignmentInput> = {}): AlignmentInput => ({
  samples: clean.samples.slice(),
  sampleRate: clean.sampleRate,
  transcript: untimed,
  language: 'es',
  ...extra,
});

describe('the alignment engine on a thread of its own', () => {
  it('gives the same result as the engine run here, reporting its progress in order', async () => {
    const reports: number[] = [];
    const [onThread, here] = await Promise.all([
      alignInThread(input({ onProgress: (_, fraction) => reports.push(fraction) })),
      alignTranscript(input()),
    ]);
    expect(onThread).toEqual(here);
    expect(reports.length).toBeGreaterThan(4);
    expect(reports).toEqual([...reports].sort((a, b) => a - b));
  });

  it('passes the engine’s refusal on as an AlignmentError with its reason', async () => {
    const silence = { samples: new Float32Array(clean.sampleRate * 2) };
    const refusal = alignInThread(input(silence));
    await expect(refusal).rejects.toBeInstanceOf(AlignmentError);
    await expect(refusal).rejects.toMatchObject({
      reason: 'no-speech',
      message: 'The recording has no speech.',
    });
  });

  it('passes an unexpected failure of the engine on with its stack, for the server’s log', async () => {
    // No recording has a rate of 0: the engine does not expect one.
    const failure = alignInThread(input({ sampleRate: 0 }));
    await expect(failure).rejects.not.toBeInstanceOf(AlignmentError);
    await expect(failure).rejects.toThrow(/^The alignment engine failed: RangeError: .*\n\s+at /);
  });

  it('stops at once when cancelled, with the reason it was given', async () => {
    const controller = new AbortController();
    const reason = new Error('cancelled by the test');
    let abortedAt = 0;
    const run = alignInThread(
      input({
        signal: controller.signal,
        onProgress: () => {
          if (abortedAt) return;
          abortedAt = performance.now();
          controller.abort(reason);
        },
      }),
    );
    await expect(run).rejects.toBe(reason);
    expect(performance.now() - abortedAt).toBeLessThan(100);
  });

  it('ends the run the caller’s progress report throws in (a cancelled job’s report)', async () => {
    const stop = new Error('job cancelled');
    const run = alignInThread(
      input({
        onProgress: () => {
          throw stop;
        },
      }),
    );
    await expect(run).rejects.toBe(stop);
  });

  const memoryMessage = (megabytes: number) =>
    `The alignment was stopped: it needed more than ${megabytes} MB of memory, this server’s limit (ALIGNMENT_MEMORY_MB). Split the recording into shorter chapters, or raise the limit`;

  it('is stopped with the memory message when its buffers outgrow the limit, and the next run works', async () => {
    // 20 minutes of samples alone (77 MB) are more than the limit; the heap stays far below it.
    const long = { samples: new Float32Array(clean.sampleRate * 1200) };
    const run = createAlignInThread({ memoryMb: 64 })(input(long));
    await expect(run).rejects.toBeInstanceOf(AlignmentMemoryError);
    await expect(run).rejects.toThrow(memoryMessage(64));
    const after = await alignInThread(input());
    expect(after.transcript.segments).toHaveLength(untimed.segments.length);
  });

  it('is stopped with the memory message when V8 stops its heap at the limit', async () => {
    const run = createAlignInThread({ memoryMb: 2 })(input());
    await expect(run).rejects.toBeInstanceOf(AlignmentMemoryError);
    await expect(run).rejects.toThrow(memoryMessage(2));
  });
});
