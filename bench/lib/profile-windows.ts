/**
 * The measured windows of a capacity run, kept beside the server's CPU profile
 * (CAPACITY_CPU_PROFILE_DIR) so that bench/cpu-profile.ts reads only what the server did while a
 * step was measured, not its start-up or the learners being written.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { WindowReport } from './listener-model.ts';

export interface ProfileWindow {
  listeners: number;
  /** Microseconds on the monotonic clock V8's profiler stamps its samples with. */
  fromUs: number;
  toUs: number;
  /** What the listeners sent in the window (to turn CPU time into time per request). */
  report: WindowReport;
}

const WINDOWS_FILE = 'windows.json';

/**
 * Now on the clock of a V8 CPU profile's `startTime` and samples: both are CLOCK_MONOTONIC in
 * microseconds on Linux, so another process's profile can be cut with it.
 */
export const monotonicUs = () => Number(process.hrtime.bigint() / 1000n);

export function writeProfileWindows(dir: string, windows: ProfileWindow[]) {
  fs.writeFileSync(path.join(dir, WINDOWS_FILE), JSON.stringify(windows, null, 2));
}

export function readProfileWindows(dir: string): ProfileWindow[] {
  return JSON.parse(fs.readFileSync(path.join(dir, WINDOWS_FILE), 'utf8')) as ProfileWindow[];
}
