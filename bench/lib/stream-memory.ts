/**
 * What one open live-progress stream costs the server in memory, alone (issue 26's unit costs):
 * `count` learners each open their stream and send nothing else; the server's resident memory
 * and V8 heap with them all open, less the same figures before, divided by the streams the server
 * says are open. Measured on an idle instance before any load: nothing else grows meanwhile, and
 * no memory freed by earlier load hides the growth from the resident size.
 */
import { setMaxListeners } from 'node:events';
import { Agent, request } from 'undici';
import { processResidentMb } from './process-tree.ts';
import { scrapeMetrics, type ProductionInstance } from './production-instance.ts';

export interface StreamMemory {
  streams: number;
  rssPerStreamKb: number;
  heapPerStreamKb: number;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Opens one learner's stream; resolves once the server said `ready`. */
function openStream(
  baseUrl: string,
  cookie: string,
  dispatcher: Agent,
  signal: AbortSignal,
): Promise<void> {
  return new Promise((resolve, reject) => {
    request(new URL('/api/progress/events', baseUrl), {
      dispatcher,
      headers: { cookie, accept: 'text/event-stream' },
      signal,
    }).then((response) => {
      if (response.statusCode !== 200) {
        response.body.resume();
        reject(new Error(`a stream answered ${response.statusCode}`));
        return;
      }
      let seen = '';
      response.body.on('data', (chunk: Buffer) => {
        seen += chunk.toString('utf8');
        if (seen.includes('event: ready')) resolve();
      });
      response.body.on('error', () => undefined);
    }, reject);
  });
}

export async function measureStreamMemory(
  instance: ProductionInstance,
  learners: { cookie: string }[],
): Promise<StreamMemory> {
  const pid = instance.child.pid!;
  const dispatcher = new Agent({ headersTimeout: 30_000, bodyTimeout: 0 });
  const controller = new AbortController();
  // One signal closes every stream at the end: each request listens to it.
  setMaxListeners(learners.length + 1, controller.signal);
  try {
    await sleep(2_000);
    const before = {
      rss: processResidentMb(pid),
      heap: (await scrapeMetrics(instance)).heapUsedMb,
    };
    // In batches, so the instance is not asked to open thousands in one moment.
    for (let start = 0; start < learners.length; start += 200) {
      await Promise.all(
        learners
          .slice(start, start + 200)
          .map((learner) =>
            openStream(instance.baseUrl, learner.cookie, dispatcher, controller.signal),
          ),
      );
    }
    await sleep(3_000);
    const { openStreams, heapUsedMb } = await scrapeMetrics(instance);
    const after = { rss: processResidentMb(pid), heap: heapUsedMb };
    const streams = Number.isFinite(openStreams) ? openStreams : learners.length;
    return {
      streams,
      rssPerStreamKb: ((after.rss - before.rss) * 1024) / streams,
      heapPerStreamKb: ((after.heap - before.heap) * 1024) / streams,
    };
  } finally {
    controller.abort();
    await dispatcher.destroy().catch(() => undefined);
  }
}
