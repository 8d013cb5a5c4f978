/**
 * `npm test`: every check of the project, in stages, with the time each took (decision 073).
 *
 * Stages that cannot keep two cores busy alone run side by side: the type check and the linter
 * are each one thread, and the client build is needed only by the browser journeys. The unit,
 * component and API tests run as one Vitest run, whose workers fill the cores the API files leave
 * idle while they wait on PostgreSQL. The browser journeys come last, alone: they keep the cores
 * busy by themselves. A failed stage stops the run after the stages beside it end, as `&&` did.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { performance } from 'node:perf_hooks';

export interface Step {
  name: string;
  command: string[];
}

export interface StepResult {
  name: string;
  ok: boolean;
  seconds: number;
  output: string;
}

/** Each inner list runs side by side; the lists run one after the other. */
export const STAGES: Step[][] = [
  [
    {
      name: 'system tools',
      command: ['node', '--import', 'tsx', 'scripts/ensure-system-tools.ts'],
    },
  ],
  [
    { name: 'typecheck', command: ['npm', 'run', '--silent', 'typecheck'] },
    { name: 'lint', command: ['npm', 'run', '--silent', 'lint'] },
    { name: 'build', command: ['npm', 'run', '--silent', 'build'] },
  ],
  [{ name: 'unit, component and API tests', command: ['npm', 'run', '--silent', 'test:vitest'] }],
  [{ name: 'browser journeys', command: ['npx', 'playwright', 'test'] }],
];

/**
 * Runs one step. Alone, its output streams as it comes; beside others, it is kept and printed
 * whole when the step ends, so two steps' lines never interleave.
 */
function run(step: Step, alone: boolean): Promise<StepResult> {
  const started = performance.now();
  return new Promise((resolve) => {
    const [program, ...args] = step.command;
    const child = spawn(program!, args, { stdio: alone ? 'inherit' : ['ignore', 'pipe', 'pipe'] });
    const chunks: Buffer[] = [];
    child.stdout?.on('data', (chunk: Buffer) => chunks.push(chunk));
    child.stderr?.on('data', (chunk: Buffer) => chunks.push(chunk));
    const finish = (ok: boolean, extra = '') =>
      resolve({
        name: step.name,
        ok,
        seconds: (performance.now() - started) / 1000,
        output: Buffer.concat(chunks).toString('utf8') + extra,
      });
    child.once('error', (error) => finish(false, `\n${step.name}: ${error.message}\n`));
    child.once('close', (code) => finish(code === 0));
  });
}

export function formatSummary(results: StepResult[], totalSeconds: number): string {
  const width = Math.max(...results.map((result) => result.name.length));
  const lines = results.map(
    (result) =>
      `  ${result.name.padEnd(width)}  ${result.seconds.toFixed(0).padStart(5)} s  ${result.ok ? 'passed' : 'FAILED'}`,
  );
  return [
    '',
    'npm test, stage by stage:',
    ...lines,
    `  ${'total'.padEnd(width)}  ${totalSeconds.toFixed(0).padStart(5)} s`,
  ].join('\n');
}

/** Runs the stages in order; returns every step's result, stopping after a stage that failed. */
export async function runStages(
  stages: Step[][],
  write: (text: string) => void = (text) => process.stdout.write(text),
): Promise<StepResult[]> {
  const results: StepResult[] = [];
  for (const stage of stages) {
    const alone = stage.length === 1;
    const stageResults = await Promise.all(stage.map((step) => run(step, alone)));
    for (const result of stageResults) {
      if (!alone) write(`\n── ${result.name} ──\n${result.output}`);
      results.push(result);
    }
    if (stageResults.some((result) => !result.ok)) break;
  }
  return results;
}

async function main(): Promise<number> {
  const started = performance.now();
  const results = await runStages(STAGES);
  process.stdout.write(`${formatSummary(results, (performance.now() - started) / 1000)}\n`);
  return results.every((result) => result.ok) ? 0 : 1;
}

if (process.argv[1] && path.resolve(process.argv[1]) === import.meta.filename) {
  process.exitCode = await main();
}
