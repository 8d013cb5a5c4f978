import { execFile, spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import type { Socket } from 'node:net';
import { promisify } from 'node:util';
import { TranslationProviderError } from '../provider-error.ts';
import { fromApertiumStream, toApertiumStream } from './apertium-stream.ts';

const execFileAsync = promisify(execFile);

export interface ApertiumProcessOptions {
  /** The pair's mode file (`…/modes/spa-eng.mode`). */
  modeFile: string;
  /** How long one text may take once the translator runs. */
  requestTimeoutMs?: number;
  /** Added to the first text's time after a start: the stages load their dictionaries. */
  startTimeoutMs?: number;
  /** Failures in a row (crash, time-out) after which the translator rests before a new try. */
  failuresBeforeRest?: number;
  restMs?: number;
  /** Start, stop and restart of the process, for the server's log (never the text). */
  onEvent?: (event: ApertiumProcessEvent) => void;
}

export type ApertiumProcessEvent =
  | { type: 'started'; pid: number }
  | { type: 'exited'; pid: number; code: number | null; signal: NodeJS.Signals | null }
  | { type: 'killed'; pid: number; reason: 'timeout' | 'stop' };

interface Running {
  child: ChildProcessWithoutNullStreams;
  /** Output received and not yet ended by a NUL. */
  pending: string;
  /** The one request waiting for its answer (requests are serialised). */
  waiter?: (outcome: { output: string } | { exited: string }) => void;
  /** Whether it has answered a text yet (the first one pays for loading the dictionaries). */
  warm: boolean;
  exited: boolean;
}

const REQUEST_TIMEOUT_MS = 10_000;
const START_TIMEOUT_MS = 30_000;

/**
 * One long-lived Apertium translator (decision 044): the pair's pipeline as
 * `apertium-wblank-mode -z` prints it (null flush on every stage), run by bash with `-n` (no
 * unknown-word marks) as its first argument, in its own process group. Each text goes in escaped
 * for Apertium's stream format and ended by a NUL; its translation comes back ended by a NUL.
 * Debian's `apertium` wrapper is not used: it reopens /dev/stdin, which fails on the socket Node
 * gives a child as its standard input.
 *
 * Requests are served one at a time. A request that takes too long kills the whole pipeline (the
 * next request starts a new one); a pipeline that dies is started again on the next request;
 * after several failures in a row it rests a while, so a broken install fails fast instead of
 * holding every sentence for its time-out. `stop()` ends it for good (server shutdown).
 */
export function createApertiumProcess(options: ApertiumProcessOptions) {
  const requestTimeoutMs = options.requestTimeoutMs ?? REQUEST_TIMEOUT_MS;
  const startTimeoutMs = options.startTimeoutMs ?? START_TIMEOUT_MS;
  const failuresBeforeRest = options.failuresBeforeRest ?? 3;
  const restMs = options.restMs ?? 30_000;
  const emit = options.onEvent ?? (() => undefined);

  let pipeline: string | undefined;
  let running: Running | undefined;
  let queue: Promise<unknown> = Promise.resolve();
  let stopped = false;
  let failuresInARow = 0;
  let restingUntil = 0;

  async function pipelineText(): Promise<string> {
    if (pipeline) return pipeline;
    try {
      const { stdout } = await execFileAsync('apertium-wblank-mode', ['-z', options.modeFile], {
        timeout: startTimeoutMs,
      });
      pipeline = stdout.trim();
    } catch {
      throw new TranslationProviderError(
        'not-installed',
        `apertium-wblank-mode could not read ${options.modeFile}`,
      );
    }
    return pipeline;
  }

  function killGroup(target: Running) {
    try {
      // The pipeline's stages share the process group bash leads (detached).
      process.kill(-target.child.pid!, 'SIGKILL');
    } catch {
      // Already gone.
    }
  }

  async function start(): Promise<Running> {
    const script = await pipelineText();
    if (stopped) throw stoppedError();
    // $1 = -n: no marks on unknown words; $2 (the tagger's option) empty.
    const child = spawn('bash', ['-c', script, 'relatos-apertium', '-n', ''], {
      stdio: ['pipe', 'pipe', 'pipe'],
      detached: true,
    });
    const started: Running = { child, pending: '', warm: false, exited: false };
    await new Promise<void>((resolve, reject) => {
      child.once('spawn', resolve);
      child.once('error', () =>
        reject(new TranslationProviderError('not-installed', 'bash could not be started')),
      );
    });
    emit({ type: 'started', pid: child.pid! });
    // An idle translator must not keep the process alive; a waiting request's timer does.
    child.unref();
    for (const stream of [child.stdin, child.stdout, child.stderr])
      (stream as unknown as Socket).unref();
    child.stdin.on('error', () => undefined);
    // Its stage errors may quote the text: read and dropped, never logged.
    child.stderr.resume();
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (chunk: string) => {
      started.pending += chunk;
      let end: number;
      while ((end = started.pending.indexOf('\0')) >= 0) {
        const output = started.pending.slice(0, end);
        started.pending = started.pending.slice(end + 1);
        const waiter = started.waiter;
        started.waiter = undefined;
        waiter?.({ output });
      }
    });
    child.on('exit', (code, signal) => {
      started.exited = true;
      killGroup(started);
      if (running === started) running = undefined;
      emit({ type: 'exited', pid: child.pid!, code, signal });
      const waiter = started.waiter;
      started.waiter = undefined;
      waiter?.({ exited: signal ? `signal ${signal}` : `exit code ${code}` });
    });
    return started;
  }

  const stoppedError = () =>
    new TranslationProviderError('unavailable', 'the translator is stopping with the server');

  function failed(error: TranslationProviderError): never {
    failuresInARow += 1;
    if (failuresInARow >= failuresBeforeRest) restingUntil = Date.now() + restMs;
    throw error;
  }

  async function translateNow(text: string): Promise<string> {
    if (stopped) throw stoppedError();
    if (Date.now() < restingUntil) {
      throw new TranslationProviderError(
        'unavailable',
        `the translator failed ${failuresInARow} times in a row; it is tried again in ${Math.ceil((restingUntil - Date.now()) / 1000)} s`,
      );
    }
    const translator = running ?? (running = await start());
    if (stopped) {
      // stop() came while this one started.
      killGroup(translator);
      throw stoppedError();
    }
    const timeoutMs = requestTimeoutMs + (translator.warm ? 0 : startTimeoutMs);
    const outcome = await new Promise<{ output: string } | { exited: string } | 'timeout'>(
      (resolve) => {
        const timer = setTimeout(() => resolve('timeout'), timeoutMs);
        translator.waiter = (result) => {
          clearTimeout(timer);
          resolve(result);
        };
        translator.child.stdin.write(`${toApertiumStream(text)}\0`);
      },
    );
    if (outcome === 'timeout') {
      translator.waiter = undefined;
      if (running === translator) running = undefined;
      emit({ type: 'killed', pid: translator.child.pid!, reason: 'timeout' });
      killGroup(translator);
      return failed(
        new TranslationProviderError(
          'timeout',
          `the translator did not answer within ${timeoutMs / 1000} s and was restarted`,
        ),
      );
    }
    if ('exited' in outcome) {
      if (stopped) throw stoppedError();
      return failed(
        new TranslationProviderError('crashed', `the translator stopped (${outcome.exited})`),
      );
    }
    translator.warm = true;
    failuresInARow = 0;
    return fromApertiumStream(outcome.output).trim();
  }

  return {
    /** The text's translation; one text at a time, in the order asked. */
    translate(text: string): Promise<string> {
      const turn = queue.then(() => translateNow(text));
      queue = turn.catch(() => undefined);
      return turn;
    },

    /** The running translator's process id (for tests and the log), if one runs. */
    get pid(): number | undefined {
      return running && !running.exited ? running.child.pid : undefined;
    },

    /** Ends the translator for good: the server is closing. */
    stop() {
      stopped = true;
      const current = running;
      running = undefined;
      if (!current || current.exited) return;
      emit({ type: 'killed', pid: current.child.pid!, reason: 'stop' });
      killGroup(current);
    },
  };
}

export type ApertiumProcess = ReturnType<typeof createApertiumProcess>;
