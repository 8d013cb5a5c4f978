/**
 * What one simulated listener does, as the player does it (src/client/features/player and
 * src/client/lib/sync), with the rates of issue 26. Shared by the load generator
 * (bench/capacity-load.ts) and the capacity bench (bench/capacity.ts), which prints them.
 *
 * Opening the player: the chapter, its transcript, the learner's progress in it, the first range
 * of its audio, and the live-progress stream (held open; reconnected after 1, 2, 5, then 10 s as
 * src/client/features/player/progress/live-progress.ts does). While playing: a progress save
 * every 5 s (the player saves every 10 s: the issue asks for twice that), a listening report
 * every 15 s (use-listening-report.ts), the next range of audio when the browser's buffer runs
 * low, now and then a word translated and, less often, a word saved.
 *
 * A save that fails (network error, 5xx) is kept and sent again with the next one, newest wins,
 * as the sync engine does: only the newest position of a chapter is ever sent.
 */
export { reconnectDelay } from '../../src/client/features/player/progress/live-progress.ts';

export const LISTENER = {
  /** A progress save this often while playing. */
  saveEveryMs: 5_000,
  /** The running total of seconds listened, this often (use-listening-report.ts). */
  listeningReportEveryMs: 15_000,
  /** The audio a browser asks for at once, and how much it keeps ahead of the playhead. */
  audioChunkSeconds: 30,
  /** The browser's first range: enough to start playing without waiting for the rest. */
  firstAudioBytes: 256 * 1024,
  /** A word translated this often on average (a tap on a word). */
  translateEveryMs: 60_000,
  /** A word saved this often on average. */
  saveWordEveryMs: 300_000,
} as const;

/** The kinds of requests a listener sends, as the capacity table reports them. */
export const requestKinds = [
  'open',
  'save',
  'listening',
  'audio',
  'translate',
  'saveWord',
  'stream',
  'liveness',
] as const;
export type RequestKind = (typeof requestKinds)[number];

/** Figures of one kind of request over a window. */
export interface KindFigures {
  count: number;
  errors: number;
  /** Latencies (ms) of the answered ones, sorted. */
  p50Ms: number;
  p99Ms: number;
  /** Status codes (or 'network') of the failed ones, with their counts. */
  failures: Record<string, number>;
}

/** What the load generator reports for one window. */
export interface WindowReport {
  seconds: number;
  listeners: number;
  /** Live-progress streams open (answered `ready`) at the end of the window. */
  streamsOpen: number;
  kinds: Record<RequestKind, KindFigures>;
  /** Bytes received from the server (bodies, stream data, and header lines). */
  bytesReceived: number;
  /** Saves that failed at least once and were then acknowledged. */
  retriedSavesArrived: number;
  /** The longest time from a stream's loss to its `ready` again, in this window (ms). */
  longestReconnectMs: number;
  /** Streams lost in this window. */
  streamsLost: number;
  /** Load generator's own CPU (ms) in the window: past about 80 % of a core it skews the figures. */
  generatorCpuMs: number;
}

/** A save the server acknowledged (200, applied): it must be in the database afterwards. */
export interface AcknowledgedSave {
  userId: string;
  chapterId: string;
  /** When the server stored it (its answer's savedAt): the database must hold this or newer. */
  savedAt: string;
  positionSeconds: number;
}

export type GeneratorCommand =
  | { type: 'target'; listeners: number; arriveOverMs: number }
  | { type: 'window' }
  | { type: 'stop' };

export type GeneratorMessage =
  | { type: 'ready' }
  | { type: 'window'; report: WindowReport }
  | { type: 'stopped'; acknowledged: AcknowledgedSave[] };

/** Who the listeners are and what they listen to (written to a file for the generator). */
export interface GeneratorPlan {
  baseUrl: string;
  /** One signed-in learner per listener (a Cookie header each). */
  learners: { userId: string; cookie: string }[];
  chapters: { id: string; durationSeconds: number }[];
  /** Listeners past this many share request connections (each stream has one of its own). */
  requestConnections: number;
  /** Liveness requests per second beside the listeners: the floor at the same load. */
  livenessPerSecond: number;
}

export function percentile(sorted: number[], share: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(share * sorted.length) - 1))]!;
}
