/**
 * The engine runs inside the server's process: a long chapter takes tens of seconds of work, so
 * between sentences the event loop gets a turn now and then and requests are still answered.
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
