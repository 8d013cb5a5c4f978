import { spawn, type ChildProcess, type SpawnOptions } from 'node:child_process';

const active = new Set<ChildProcess>();

/** Kills the commands still running (on Ctrl-C), so nothing outlives the benchmark. */
export function killActiveCommands(): void {
  for (const child of active) child.kill('SIGKILL');
}

export interface RunResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

/**
 * Runs a command to completion, killing it after `timeoutMs` (nothing here may run unbounded).
 * With `showProgress`, its stderr goes straight to ours (a long run's progress lines).
 */
export function runCommand(
  command: string,
  args: string[],
  options: SpawnOptions & { timeoutMs: number; showProgress?: boolean },
): Promise<RunResult> {
  const { timeoutMs, showProgress = false, ...spawnOptions } = options;
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      ...spawnOptions,
      stdio: ['ignore', 'pipe', showProgress ? 'inherit' : 'pipe'],
    });
    active.add(child);
    let stdout = '';
    let stderr = '';
    child.stdout?.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
    child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`${command} ${args.join(' ')} did not finish within ${timeoutMs} ms`));
    }, timeoutMs);
    child.on('error', (error) => {
      active.delete(child);
      clearTimeout(timer);
      reject(error);
    });
    child.on('close', (code) => {
      active.delete(child);
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}
