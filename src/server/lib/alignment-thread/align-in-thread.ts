/**
 * The alignment engine run on a thread of its own (decision 053), so that the server's event loop
 * keeps answering learners while a chapter aligns: the engine's long steps (a chapter's coarse
 * warping held the loop for 8 s) take another thread's time. Each alignment gets a fresh worker
 * thread that runs the engine unchanged (alignment-worker.ts) and is ended when it answers,
 * with all its memory; the recording's samples are moved to it, not copied.
 *
 * Memory: V8 stops the thread when its heap reaches the limit, and the thread checks its heap and
 * buffers together (the samples, features and eSpeak's memory are buffers outside the heap) at
 * each of the engine's progress reports; either way the alignment fails with an
 * AlignmentMemoryError and the server goes on.
 */
import { Worker } from 'node:worker_threads';
import { AlignmentError, type AlignmentInput, type AlignTranscript } from '../alignment/types.ts';
import type { AlignAnswer, AlignRequest } from './messages.ts';

export interface AlignmentThreadOptions {
  /** The memory one alignment's thread may hold (ALIGNMENT_MEMORY_MB). */
  memoryMb: number;
}

/** The alignment needed more memory than the server allows it: an administrator can act on it. */
export class AlignmentMemoryError extends Error {
  constructor(memoryMb: number) {
    super(
      `The alignment was stopped: it needed more than ${memoryMb} MB of memory, this server’s limit (ALIGNMENT_MEMORY_MB). Split the recording into shorter chapters, or raise the limit`,
    );
    this.name = 'AlignmentMemoryError';
  }
}

/**
 * The thread, from whichever tree runs: the compiled dist/server has the entry beside this file
 * as JavaScript (decision 027); from the TypeScript sources (tsx, tests), the thread registers tsx
 * before it loads the entry, since on Node 20 a loader given to the process does not reach workers.
 */
function startThread(memoryMb: number): Worker {
  const options = { resourceLimits: { maxOldGenerationSizeMb: memoryMb } };
  if (!import.meta.url.endsWith('.ts')) {
    return new Worker(new URL('./alignment-worker.js', import.meta.url), options);
  }
  const tsx = JSON.stringify(import.meta.resolve('tsx/esm/api'));
  const entry = JSON.stringify(new URL('./alignment-worker.ts', import.meta.url).href);
  return new Worker(`import(${tsx}).then((tsx) => { tsx.register(); return import(${entry}); })`, {
    ...options,
    eval: true,
  });
}

/** The alignment engine, each call on a fresh thread whose memory is bounded (see above). */
export function createAlignInThread(options: AlignmentThreadOptions): AlignTranscript {
  const { memoryMb } = options;

  return (input: AlignmentInput) =>
    new Promise((resolve, reject) => {
      const { signal } = input;
      if (signal?.aborted) return reject(signal.reason as Error);
      const thread = startThread(memoryMb);
      let settled = false;

      function settle(outcome: () => void) {
        if (settled) return;
        settled = true;
        signal?.removeEventListener('abort', onAbort);
        void thread.terminate();
        outcome();
      }
      // Ends the thread wherever the engine is, even inside a long step.
      function onAbort() {
        settle(() => reject(signal!.reason as Error));
      }
      signal?.addEventListener('abort', onAbort, { once: true });

      thread.on('message', (answer: AlignAnswer) => {
        switch (answer.type) {
          case 'progress':
            // A caller's report may throw (a cancelled job's does): that ends the alignment.
            try {
              if (!settled) input.onProgress?.(answer.stage, answer.fraction);
            } catch (error) {
              settle(() => reject(error as Error));
            }
            return;
          case 'done':
            return settle(() => resolve(answer.output));
          case 'refused':
            return settle(() => reject(new AlignmentError(answer.reason, answer.message)));
          case 'over-memory':
            return settle(() => reject(new AlignmentMemoryError(memoryMb)));
          case 'failed':
            return settle(() => reject(new Error(`The alignment engine failed: ${answer.detail}`)));
        }
      });
      thread.on('error', (error: Error & { code?: string }) => {
        settle(() =>
          reject(
            error.code === 'ERR_WORKER_OUT_OF_MEMORY'
              ? new AlignmentMemoryError(memoryMb)
              : new Error(`The alignment thread failed: ${error.stack ?? error.message}`),
          ),
        );
      });
      thread.on('exit', (code) => {
        settle(() =>
          reject(new Error(`The alignment thread ended (code ${code}) before answering`)),
        );
      });

      const request: AlignRequest = {
        samples: input.samples,
        sampleRate: input.sampleRate,
        transcript: input.transcript,
        language: input.language,
        checkText: input.checkText,
        memoryBytes: memoryMb * 1024 * 1024,
      };
      const { buffer } = input.samples;
      // Moved, not copied (an hour of audio is 230 MB); a shared buffer is shared as it is.
      thread.postMessage(request, buffer instanceof ArrayBuffer ? [buffer] : []);
    });
}
