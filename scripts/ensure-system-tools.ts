/**
 * The first step of `npm test`: the Debian programs the suite needs are there. Chromium runs the
 * browser journeys (CHROMIUM_PATH, default /usr/bin/chromium); ffmpeg (with ffprobe) decodes
 * recordings for the aligner, the studio and the content scripts. A missing one is installed
 * through apt when this runs as root on a machine with apt-get (a fresh Debian machine or CI);
 * otherwise the run stops at once with the exact command to type, instead of failing minutes
 * later in the middle of the suite.
 *
 * Apertium (apertium-eng-spa, the embedded translation service, decision 044) is installed the
 * same way as root; without root it is not required: the tests that need it are skipped, their
 * titles say why, and this says how to install it.
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { findOnPath, isExecutable } from '#server/lib/executables';
import { DEFAULT_CHROMIUM_PATH } from './chromium-flags.ts';
import {
  APERTIUM_PACKAGE,
  findApertium,
} from '#server/modules/translate/apertium/apertium-install';

/** What the machine has, as far as the suite is concerned. */
export interface SystemState {
  /** CHROMIUM_PATH when set (not empty). */
  chromiumPathOverride?: string;
  /** Whether the Chromium to use (the override, or /usr/bin/chromium) is an executable file. */
  chromiumFound: boolean;
  ffmpegFound: boolean;
  ffprobeFound: boolean;
  /** Apertium with its Spanish–English pair (optional: its tests are skipped without it). */
  apertiumFound: boolean;
  isRoot: boolean;
  aptGetFound: boolean;
}

export type SystemToolsPlan =
  | { action: 'none'; notice?: string }
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
  const optional = state.apertiumFound ? [] : [APERTIUM_PACKAGE];
  if (packages.length === 0 && optional.length === 0) return { action: 'none' };
  if (state.isRoot && state.aptGetFound) {
    const all = [...packages, ...optional];
    return { action: 'install', packages: all, commands: installCommands(all) };
  }
  if (packages.length === 0) {
    return {
      action: 'none',
      notice: `${APERTIUM_PACKAGE} is not installed and this is not root: the Apertium tests are skipped. To run them: ${state.aptGetFound ? `sudo apt-get install -y ${APERTIUM_PACKAGE}` : `install Apertium's Spanish–English pair (Debian: ${APERTIUM_PACKAGE})`}`,
    };
  }
  const command = state.aptGetFound
    ? `sudo apt-get update && sudo apt-get install -y ${packages.join(' ')}`
    : `install ${packages.join(' and ')} with this system's package manager (Debian: apt-get install -y ${packages.join(' ')})`;
  return {
    action: 'stop',
    message: `npm test needs ${packages.join(' and ')}, which ${packages.length === 1 ? 'is' : 'are'} not installed. Run:\n  ${command}\nthen npm test again.`,
  };
}

export function readSystemState(env: NodeJS.ProcessEnv = process.env): SystemState {
  const chromiumPathOverride = env.CHROMIUM_PATH?.trim() || undefined;
  return {
    chromiumPathOverride,
    chromiumFound: isExecutable(chromiumPathOverride ?? DEFAULT_CHROMIUM_PATH),
    ffmpegFound: Boolean(findOnPath('ffmpeg', env.PATH)),
    ffprobeFound: Boolean(findOnPath('ffprobe', env.PATH)),
    apertiumFound: findApertium(env.PATH ?? '').found,
    isRoot: process.getuid?.() === 0,
    aptGetFound: Boolean(findOnPath('apt-get', env.PATH)),
  };
}

if (process.argv[1] && path.resolve(process.argv[1]) === import.meta.filename) {
  const plan = planSystemTools(readSystemState());
  if (plan.action === 'none' && plan.notice) console.warn(`[ensure-system-tools] ${plan.notice}`);
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
    if (after.action !== 'none' || after.notice) {
      console.error(
        `[ensure-system-tools] still missing after the install: ${JSON.stringify(after)}`,
      );
      process.exit(1);
    }
  }
}
