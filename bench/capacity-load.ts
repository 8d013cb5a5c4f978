/**
 * The load generator of the capacity bench (bench/capacity.ts): simulated listeners
 * (bench/lib/listener-model.ts) in a process of its own, so the bench's own work and the server's
 * never share this process's event loop.
 *
 *   node --import tsx bench/capacity-load.ts <plan.json>
 *
 * Driven over IPC: `target` grows (or shrinks) the number of listeners, their arrivals spread over
 * a few seconds as real learners arrive; `window` answers the figures since the last window;
 * `stop` closes every listener and answers the saves the server acknowledged.
 */
import fs from 'node:fs';
import { Agent, Client, request, type Dispatcher } from 'undici';
import {
  LISTENER,
  percentile,
  reconnectDelay,
  requestKinds,
  type AcknowledgedSave,
  type GeneratorCommand,
  type GeneratorMessage,
  type GeneratorPlan,
  type KindFigures,
  type RequestKind,
  type WindowReport,
} from './lib/listener-model.ts';

const plan = JSON.parse(fs.readFileSync(process.argv[2]!, 'utf8')) as GeneratorPlan;
/** `sent` runs once the message has left (IPC writes are asynchronous). */
const send = (message: GeneratorMessage, sent?: () => void) =>
  process.send!(message, undefined, {}, sent);

/**
 * Each listener sends its requests over one keep-alive connection of its own, as a browser tab
 * does, and holds its stream on another; past `requestConnections` listeners share them (the
 * process's file descriptors are limited).
 */
const requestClients: Client[] = [];
const requestClient = (index: number) => {
  const slot = index % plan.requestConnections;
  requestClients[slot] ??= new Client(plan.baseUrl, {
    keepAliveTimeout: 30_000,
    headersTimeout: 30_000,
    bodyTimeout: 30_000,
  });
  return requestClients[slot];
};
/** The floor's probe has a connection of its own. */
const probe = new Client(plan.baseUrl, { headersTimeout: 30_000, bodyTimeout: 30_000 });
const streams = new Agent({ headersTimeout: 30_000, bodyTimeout: 0 });

interface Tally {
  latencies: number[];
  errors: number;
  failures: Record<string, number>;
}
const emptyTally = (): Tally => ({ latencies: [], errors: 0, failures: {} });
let tallies = Object.fromEntries(requestKinds.map((kind) => [kind, emptyTally()])) as Record<
  RequestKind,
  Tally
>;
let bytesReceived = 0;
let retriedSavesArrived = 0;
let longestReconnectMs = 0;
let streamsLost = 0;
let windowStarted = performance.now();
let cpuAtWindow = process.cpuUsage();

const fail = (kind: RequestKind, reason: string) => {
  const tally = tallies[kind];
  tally.errors += 1;
  tally.failures[reason] = (tally.failures[reason] ?? 0) + 1;
};

const headerBytes = (headers: Record<string, string | string[] | undefined>) => {
  let total = 15; // the status line
  for (const [name, value] of Object.entries(headers)) {
    total += name.length + String(value).length + 4;
  }
  return total;
};

/** One request; its latency is counted when the whole body has arrived. Null when it failed. */
async function call(
  dispatcher: Dispatcher,
  kind: RequestKind,
  path: string,
  options: {
    method?: 'GET' | 'POST';
    cookie?: string;
    body?: unknown;
    headers?: Record<string, string>;
    keepBody?: boolean;
  } = {},
): Promise<{ status: number; body: string; headers: Dispatcher.ResponseData['headers'] } | null> {
  const started = performance.now();
  try {
    const response = await request(new URL(path, plan.baseUrl), {
      dispatcher,
      method: options.method ?? 'GET',
      headers: {
        origin: plan.baseUrl,
        ...(options.cookie ? { cookie: options.cookie } : {}),
        ...(options.body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...options.headers,
      },
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
    });
    let body = '';
    let length = 0;
    for await (const chunk of response.body as AsyncIterable<Buffer>) {
      length += chunk.length;
      if (options.keepBody) body += chunk.toString('utf8');
    }
    bytesReceived += length + headerBytes(response.headers);
    if (response.statusCode >= 400) {
      // A 503 that says when to come back is the answer of an instance whose database is down.
      const retryAfter = response.headers['retry-after'] !== undefined ? ' Retry-After' : '';
      fail(kind, `${response.statusCode}${retryAfter}`);
      return { status: response.statusCode, body, headers: response.headers };
    }
    tallies[kind].latencies.push(performance.now() - started);
    return { status: response.statusCode, body, headers: response.headers };
  } catch (error) {
    fail(kind, (error as { code?: string }).code ?? 'network');
    return null;
  }
}

interface Word {
  segmentId: string;
  wordId: string;
  text: string;
}
/** Each chapter's words, read from the first transcript a listener received. */
const wordsOf = new Map<string, Word[]>();
const acknowledged = new Map<string, AcknowledgedSave>();
const jitter = (ms: number) => ms * (0.5 + Math.random());

class Listener {
  private timers: NodeJS.Timeout[] = [];
  private stream: { destroy(): void } | undefined;
  private streamFailures = 0;
  private lostAt: number | undefined;
  private streamReady = false;
  private stopped = false;
  private positionSeconds = 0;
  private audioOffset = 0;
  private audioBytesPerSecond = 0;
  private listenedSeconds = 0;
  private readonly sessionId = crypto.randomUUID();
  private readonly deviceId = `bench-${crypto.randomUUID()}`;
  /** The newest save not yet acknowledged (sent again with the next tick), and whether it failed. */
  private pending: { body: Record<string, unknown>; failed: boolean } | undefined;
  private saving = false;

  constructor(
    private readonly learner: { userId: string; cookie: string },
    private readonly chapter: { id: string; durationSeconds: number },
    private readonly requests: Dispatcher,
  ) {}

  get isStreamReady() {
    return this.streamReady;
  }

  async start() {
    const { id } = this.chapter;
    const cookie = this.learner.cookie;
    const [, transcript, progress] = await Promise.all([
      call(this.requests, 'open', `/api/chapters/${id}`, { cookie }),
      call(this.requests, 'open', `/api/chapters/${id}/transcript`, {
        cookie,
        keepBody: !wordsOf.has(id),
      }),
      call(this.requests, 'open', `/api/progress?chapterIds=${id}`, { cookie, keepBody: true }),
    ]);
    if (transcript?.status === 200 && transcript.body && !wordsOf.has(id)) {
      const { segments } = JSON.parse(transcript.body) as {
        segments: { id: string; words: { id: string; text: string }[] }[];
      };
      wordsOf.set(
        id,
        segments.flatMap((segment) =>
          segment.words.map((word) => ({
            segmentId: segment.id,
            wordId: word.id,
            text: word.text,
          })),
        ),
      );
    }
    if (progress?.status === 200) {
      const saved = (JSON.parse(progress.body) as { progress: { lastPositionSeconds: number }[] })
        .progress[0];
      this.positionSeconds = saved?.lastPositionSeconds ?? 0;
    }
    if (this.stopped) return;
    await this.fetchAudio(0, LISTENER.firstAudioBytes);
    this.openStream();
    const every = (ms: number, task: () => void) => {
      // Each listener's clock starts at its own moment, as real learners press play.
      const first = setTimeout(() => {
        task();
        this.timers.push(setInterval(task, ms));
      }, Math.random() * ms);
      this.timers.push(first);
    };
    every(LISTENER.saveEveryMs, () => this.tick());
    every(LISTENER.listeningReportEveryMs, () => void this.reportListening());
    every(LISTENER.audioChunkSeconds * 1000, () => void this.nextAudio());
    const translate = () =>
      this.wordTask(
        'translate',
        '/api/translate',
        (word) => ({
          text: word.text,
          chapterId: this.chapter.id,
          segmentId: word.segmentId,
          wordId: word.wordId,
        }),
        LISTENER.translateEveryMs,
      );
    const saveWord = () =>
      this.wordTask(
        'saveWord',
        '/api/me/saved-items',
        (word) => ({
          kind: 'word',
          chapterId: this.chapter.id,
          segmentId: word.segmentId,
          wordId: word.wordId,
        }),
        LISTENER.saveWordEveryMs,
      );
    this.timers.push(setTimeout(translate, jitter(LISTENER.translateEveryMs)));
    this.timers.push(setTimeout(saveWord, jitter(LISTENER.saveWordEveryMs)));
  }

  private async fetchAudio(from: number, bytes: number) {
    const response = await call(this.requests, 'audio', `/api/chapters/${this.chapter.id}/audio`, {
      cookie: this.learner.cookie,
      headers: { range: `bytes=${from}-${from + bytes - 1}` },
    });
    const total = Number(String(response?.headers['content-range'] ?? '').split('/')[1]);
    if (Number.isFinite(total) && total > 0) {
      this.audioBytesPerSecond = total / this.chapter.durationSeconds;
      this.audioOffset = Math.min(from + bytes, total);
      if (this.audioOffset >= total) this.audioOffset = 0;
    }
  }

  private async nextAudio() {
    if (this.audioBytesPerSecond === 0) return this.fetchAudio(0, LISTENER.firstAudioBytes);
    const bytes = Math.ceil(this.audioBytesPerSecond * LISTENER.audioChunkSeconds);
    return this.fetchAudio(this.audioOffset, bytes);
  }

  private tick() {
    // Playing: the position moves on; past 80 % the listener starts over (a save that completes
    // a chapter runs the achievements' work, which a listener does once per chapter, not every 5 s).
    this.positionSeconds += LISTENER.saveEveryMs / 1000;
    if (this.positionSeconds > this.chapter.durationSeconds * 0.8) this.positionSeconds = 0;
    this.listenedSeconds += LISTENER.saveEveryMs / 1000;
    const now = Date.now();
    this.pending = {
      body: {
        chapterId: this.chapter.id,
        positionSeconds: this.positionSeconds,
        durationSeconds: this.chapter.durationSeconds,
        clientTimestamp: now,
        deviceId: this.deviceId,
      },
      failed: this.pending?.failed ?? false,
    };
    void this.flushSave();
  }

  private async flushSave() {
    if (this.saving || !this.pending) return;
    this.saving = true;
    const sending = this.pending;
    const response = await call(this.requests, 'save', '/api/progress', {
      method: 'POST',
      cookie: this.learner.cookie,
      body: { ...sending.body, sentAt: Date.now() },
      keepBody: true,
    });
    this.saving = false;
    if (response?.status === 200) {
      const { applied, progress } = JSON.parse(response.body) as {
        applied: boolean;
        progress: { savedAt: string };
      };
      if (applied) {
        acknowledged.set(this.learner.userId + this.chapter.id, {
          userId: this.learner.userId,
          chapterId: this.chapter.id,
          savedAt: progress.savedAt,
          positionSeconds: sending.body.positionSeconds as number,
        });
      }
      if (sending.failed) retriedSavesArrived += 1;
      // A newer position recorded meanwhile stays pending for the next tick.
      if (this.pending === sending) this.pending = undefined;
      else this.pending = this.pending && { ...this.pending, failed: false };
    } else if (this.pending) {
      this.pending.failed = true;
    }
  }

  private async reportListening() {
    await call(this.requests, 'listening', '/api/progress/listening', {
      method: 'POST',
      cookie: this.learner.cookie,
      body: {
        sessionId: this.sessionId,
        chapterId: this.chapter.id,
        listenedSeconds: this.listenedSeconds,
      },
    });
  }

  private randomWord(): Word | undefined {
    const words = wordsOf.get(this.chapter.id);
    return words?.[Math.floor(Math.random() * words.length)];
  }

  /** Every `everyMs` (jittered), one request about a random word of the chapter, as a learner's click. */
  private wordTask(
    metric: 'translate' | 'saveWord',
    path: string,
    body: (word: Word) => object,
    everyMs: number,
  ) {
    if (this.stopped) return;
    const word = this.randomWord();
    if (word) {
      void call(this.requests, metric, path, {
        method: 'POST',
        cookie: this.learner.cookie,
        body: body(word),
      });
    }
    this.timers.push(setTimeout(() => this.wordTask(metric, path, body, everyMs), jitter(everyMs)));
  }

  private openStream() {
    if (this.stopped) return;
    const started = performance.now();
    const controller = new AbortController();
    this.stream = { destroy: () => controller.abort() };
    const lost = (reason: string) => {
      if (this.stopped) return;
      if (this.streamReady || this.lostAt === undefined) {
        streamsLost += this.streamReady ? 1 : 0;
        this.lostAt ??= performance.now();
      }
      this.streamReady = false;
      fail('stream', reason);
      this.streamFailures += 1;
      this.timers.push(setTimeout(() => this.openStream(), reconnectDelay(this.streamFailures)));
    };
    request(new URL('/api/progress/events', plan.baseUrl), {
      dispatcher: streams,
      headers: { cookie: this.learner.cookie, accept: 'text/event-stream' },
      signal: controller.signal,
    }).then(
      (response) => {
        bytesReceived += headerBytes(response.headers);
        if (response.statusCode !== 200) {
          response.body.resume();
          lost(String(response.statusCode));
          return;
        }
        let seen = '';
        response.body.on('data', (chunk: Buffer) => {
          bytesReceived += chunk.length;
          if (this.streamReady) return;
          seen += chunk.toString('utf8');
          if (seen.includes('event: ready')) {
            this.streamReady = true;
            this.streamFailures = 0;
            tallies.stream.latencies.push(performance.now() - started);
            if (this.lostAt !== undefined) {
              longestReconnectMs = Math.max(longestReconnectMs, performance.now() - this.lostAt);
              this.lostAt = undefined;
            }
          }
        });
        response.body.on('error', (error: Error & { code?: string }) =>
          lost(error.code ?? 'network'),
        );
        response.body.on('end', () => lost('ended'));
      },
      (error: Error & { code?: string }) => lost(error.code ?? 'network'),
    );
  }

  stop() {
    this.stopped = true;
    for (const timer of this.timers) clearTimeout(timer);
    this.stream?.destroy();
  }
}

const listeners: Listener[] = [];
let arrivals: NodeJS.Timeout[] = [];

function setTarget(count: number, arriveOverMs: number) {
  for (const timer of arrivals) clearTimeout(timer);
  arrivals = [];
  while (listeners.length > count) listeners.pop()!.stop();
  const adding = count - listeners.length;
  for (let index = 0; index < adding; index++) {
    const number = listeners.length;
    const learner = plan.learners[number % plan.learners.length]!;
    const chapter = plan.chapters[number % plan.chapters.length]!;
    const listener = new Listener(learner, chapter, requestClient(number));
    listeners.push(listener);
    arrivals.push(
      setTimeout(() => void listener.start(), (arriveOverMs * index) / Math.max(1, adding)),
    );
  }
}

// The floor: the liveness route through the same connections, at the same load.
setInterval(() => void call(probe, 'liveness', '/api/health/live'), 1000 / plan.livenessPerSecond);

function report(): WindowReport {
  const figures = (tally: Tally): KindFigures => {
    const sorted = tally.latencies.sort((a, b) => a - b);
    return {
      count: sorted.length + tally.errors,
      errors: tally.errors,
      p50Ms: percentile(sorted, 0.5),
      p99Ms: percentile(sorted, 0.99),
      failures: tally.failures,
    };
  };
  const cpu = process.cpuUsage(cpuAtWindow);
  const result: WindowReport = {
    seconds: (performance.now() - windowStarted) / 1000,
    listeners: listeners.length,
    streamsOpen: listeners.filter((listener) => listener.isStreamReady).length,
    kinds: Object.fromEntries(
      requestKinds.map((kind) => [kind, figures(tallies[kind])]),
    ) as WindowReport['kinds'],
    bytesReceived,
    retriedSavesArrived,
    longestReconnectMs,
    streamsLost,
    generatorCpuMs: (cpu.user + cpu.system) / 1000,
  };
  tallies = Object.fromEntries(requestKinds.map((kind) => [kind, emptyTally()])) as Record<
    RequestKind,
    Tally
  >;
  bytesReceived = 0;
  retriedSavesArrived = 0;
  longestReconnectMs = 0;
  streamsLost = 0;
  windowStarted = performance.now();
  cpuAtWindow = process.cpuUsage();
  return result;
}

process.on('message', (command: GeneratorCommand) => {
  if (command.type === 'target') setTarget(command.listeners, command.arriveOverMs);
  else if (command.type === 'window') send({ type: 'window', report: report() });
  else if (command.type === 'stop') {
    setTarget(0, 0);
    const closed = Promise.all([
      ...requestClients.map((client) => client.destroy()),
      probe.destroy(),
      streams.destroy(),
    ]);
    // Exiting before the answer has left lost it past ~2,500 listeners (thousands of
    // acknowledged saves): the bench then saw the generator exit without it and crashed, leaving
    // its instance running.
    send({ type: 'stopped', acknowledged: [...acknowledged.values()] }, () => {
      void closed.finally(() => process.exit(0));
    });
  }
});
// The bench went away: so does its load.
process.on('disconnect', () => process.exit(0));
send({ type: 'ready' });
