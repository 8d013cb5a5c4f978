/**
 * The alignment thread's entry (decision 053), started by align-in-thread.ts for one alignment:
 * it runs the engine as it is (`alignTranscript`, with its fresh eSpeak) on the request it is
 * posted, and answers with the result, a refusal or a failure. At each of the engine's progress
 * reports it checks the memory the thread holds (V8 caps the heap; this counts the buffers too).
 */
import v8 from 'node:v8';
import { parentPort } from 'node:worker_threads';
import { alignTranscript } from '../alignment/align.ts';
import { AlignmentError } from '../alignment/types.ts';
import type { AlignAnswer, AlignRequest } from './messages.ts';

class OverMemory extends Error {}

/** This thread's heap and the buffers it allocated (the samples, features, eSpeak's memory). */
function heldBytes(): number {
  const { used_heap_size, external_memory } = v8.getHeapStatistics();
  return used_heap_size + external_memory;
}

async function align(request: AlignRequest): Promise<AlignAnswer> {
  try {
    const output = await alignTranscript({
      samples: request.samples,
      sampleRate: request.sampleRate,
      transcript: request.transcript,
      language: request.language,
      checkText: request.checkText,
      onProgress: (stage, fraction) => {
        if (heldBytes() > request.memoryBytes) throw new OverMemory();
        parentPort!.postMessage({ type: 'progress', stage, fraction } satisfies AlignAnswer);
      },
    });
    return { type: 'done', output };
  } catch (error) {
    if (error instanceof OverMemory) return { type: 'over-memory' };
    if (error instanceof AlignmentError) {
      return { type: 'refused', reason: error.reason, message: error.message };
    }
    const detail = error instanceof Error ? (error.stack ?? error.message) : String(error);
    return { type: 'failed', detail };
  }
}

parentPort!.once('message', (request: AlignRequest) => {
  void align(request).then((answer) => parentPort!.postMessage(answer));
});
