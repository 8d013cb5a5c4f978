/**
 * The first step of `npm test`: the Debian programs the suite needs are there. Chromium runs the
 * browser journeys (CHROMIUM_PATH, default /usr/bin/chromium); ffmpeg (with ffprobe) decodes
 * recordings for the aligner, the studio and the content scripts. A missing one is installed
 * through apt when this runs as root on a machine with apt-get (a fresh Debian machine or CI);
 * otherwise the run stops at once with the exact command to type, instead of failing minutes
 * later in the middle of the suite.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

export const DEFAULT_CHROMIUM_PATH = '/usr/bin/chromium';

/** What the machine has, as far as the suite is concerned. */
export interface SystemState {
  /** CHROMIUM_PATH when set (not empty). */
  chromiumPathOverride?: string;
  /** Whether the Chromium to use (the override, or /usr/bin/chromium) is an executable file. */
  chromiumFound: boolean;
  ffmpegFound: boolean;
  ffprobeFound: boolean;
  isRoot: boolean;
  aptGetFound: boolean;
}

export type SystemToolsPlan =
  | { action: 'none' }
  | { action: 'install'; packages: string[]; commands: string[][] }
  | { action: 'stop'; message: string };

const installCommands = (packages: string[]): string[][] => [
  ['apt-get', 'update'],
  ['apt-get', 'install', '-y', ...packages],
];

/** Decides, without touching the machine, what to do about missing programs. */
export function planSystemTools(state: SystemState): SystemToolsPlan {
  if (state.chromiumPathOverride !== undefined && !state.chromiumFound) {
    // apt installs /usr/bin/chromium, which would not help a run told to use another one.
    return {
      action: 'stop',
      message: `CHROMIUM_PATH=${state.chromiumPathOverride} is not an executable file: point it at a Chromium, or unset it to use ${DEFAULT_CHROMIUM_PATH}.`,
    };
  }
  const packages = [
    ...(state.chromiumFound ? [] : ['chromium']),
    ...(state.ffmpegFound && state.ffprobeFound ? [] : ['ffmpeg']),
  ];
  if (packages.length === 0) return { action: 'none' };
  if (state.isRoot && state.aptGetFound) {
    return { action: 'install', packages, commands: installCommands(packages) };
  }
  const command = state.aptGetFound
    ? `sudo apt-get update && sudo apt-get install -y ${packages.join(' ')}`
    : `install ${packages.join(' and ')} with this system's package manager (Debian: apt-get install -y ${packages.join(' ')})`;
  return {
    action: 'stop',
    message: `npm test needs ${packages.join(' and ')}, which ${packages.length === 1 ? 'is' : 'are'} not installed. Run:\n  ${command}\nthen npm test again.`,
  };
}

function isExecutable(file: string): boolean {
  try {
    fs.accessSync(file, fs.constants.X_OK);
    return fs.statSync(file).isFile();
  } catch {
    return false;
  }
}

function onPath(program: string): boolean {
  return (process.env.PATH ?? '')
    .split(path.delimiter)
    .some((dir) => dir !== '' && isExecutable(path.join(dir, program)));
}

export function readSystemState(env: NodeJS.ProcessEnv = process.env): SystemState {
  const chromiumPathOverride = env.CHROMIUM_PATH?.trim() || undefined;
  return {
    chromiumPathOverride,
    chromiumFound: isExecutable(chromiumPathOverride ?? DEFAULT_CHROMIUM_PATH),
    ffmpegFound: onPath('ffmpeg'),
    ffprobeFound: onPath('ffprobe'),
    isRoot: process.getuid?.() === 0,
    aptGetFound: onPath('apt-get'),
  };
}

if (process.argv[1] && path.resolve(process.argv[1]) === import.meta.filename) {
  const plan = planSystemTools(readSystemState());
  if (plan.action === 'stop') {
    console.error(`[ensure-system-tools] ${plan.message}`);
    process.exit(1);
  }
  if (plan.action === 'install') {
    console.log(`[ensure-system-tools] installing ${plan.packages.join(', ')} (Debian packages)`);
    for (const [program, ...args] of plan.commands) {
      const result = spawnSync(program!, args, {
        stdio: 'inherit',
        env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
      });
      if (result.status !== 0) {
        console.error(
          `[ensure-system-tools] ${[program, ...args].join(' ')} failed (exit ${result.status ?? result.signal})`,
        );
        process.exit(1);
      }
    }
    const after = planSystemTools(readSystemState());
    if (after.action !== 'none') {
      console.error(
        `[ensure-system-tools] still missing after the install: ${JSON.stringify(after)}`,
      );
      process.exit(1);
    }
  }
}
