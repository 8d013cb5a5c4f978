/**
 * The server runs the engine on a worker thread of its own (lib/alignment-thread, decision 053),
 * but `npm run align` and the bench run it in their own process: a long chapter takes tens of
 * seconds of work, so between sentences the event loop gets a turn now and then (the thread's
 * progress messages and a cancel get through, and a process's own timers run).
 */
const SLICE_MS = 50;

export function createYielder(): () => Promise<void> {
  let sliceStarted = performance.now();
  return async () => {
    if (performance.now() - sliceStarted < SLICE_MS) return;
    await new Promise<void>((resolve) => setImmediate(resolve));
    sliceStarted = performance.now();
  };
}
