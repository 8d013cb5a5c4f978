import fs from 'node:fs';
import path from 'node:path';
import { findOnPath } from '../../../lib/executables.ts';

/** Apertium's language pairs this site can use, by our language codes. */
export const apertiumPairs = { 'es-en': 'spa-eng', 'en-es': 'eng-spa' } as const;
export type ApertiumPairKey = keyof typeof apertiumPairs;

/** What Apertium needs on the machine, as Debian's packages install it. */
export const APERTIUM_PACKAGE = 'apertium-eng-spa';
/** Prints a mode's pipeline with null flush on every stage (package apertium). */
const WBLANK_MODE = 'apertium-wblank-mode';
/** Programs apertium-wblank-mode adds around the mode's own stages. */
const WBLANK_PROGRAMS = ['apertium-wblank-attach', 'apertium-wblank-detach'];

export interface ApertiumInstall {
  /** The mode file of each pair found (`…/modes/spa-eng.mode`). */
  modes: Partial<Record<ApertiumPairKey, string>>;
}

export type ApertiumLookup =
  { found: true; install: ApertiumInstall } | { found: false; reason: string };

/** The programs a mode file's pipeline runs (the first word of each stage). */
export function modePrograms(modeText: string): string[] {
  return modeText
    .split('|')
    .map((stage) =>
      stage
        .trim()
        .split(/\s+/)[0]!
        .replace(/^['"]|['"]$/g, ''),
    )
    .filter((program) => program !== '');
}

/**
 * Where the installed Apertium keeps its modes: beside its programs (`<prefix>/bin` →
 * `<prefix>/share/apertium`, as its build installs them), then Debian's place.
 */
function dataDirs(wblankMode: string): string[] {
  const prefix = path.dirname(path.dirname(fs.realpathSync(wblankMode)));
  return [...new Set([path.join(prefix, 'share/apertium'), '/usr/share/apertium'])];
}

/**
 * Finds Apertium and its Spanish–English pair on this machine (decision 044): the mode files of
 * `apertium-eng-spa` and every program their pipelines run. Synchronous: asked once at start.
 */
export function findApertium(searchPath = process.env.PATH ?? ''): ApertiumLookup {
  const wblankMode = findOnPath(WBLANK_MODE, searchPath);
  if (!wblankMode) {
    return {
      found: false,
      reason: `${WBLANK_MODE} is not installed (Debian: apt-get install -y ${APERTIUM_PACKAGE})`,
    };
  }
  const missingFor = (modeFile: string) =>
    [...WBLANK_PROGRAMS, ...modePrograms(fs.readFileSync(modeFile, 'utf8'))].filter(
      (program) => !findOnPath(program, searchPath),
    );
  const modes: ApertiumInstall['modes'] = {};
  let missing: string[] = [];
  for (const [key, pair] of Object.entries(apertiumPairs) as [ApertiumPairKey, string][]) {
    const file = dataDirs(wblankMode)
      .map((dir) => path.join(dir, 'modes', `${pair}.mode`))
      .find((candidate) => fs.existsSync(candidate));
    if (!file) continue;
    const lacking = missingFor(file);
    if (lacking.length === 0) modes[key] = file;
    else if (key === 'es-en') missing = lacking;
  }
  if (missing.length > 0) {
    return {
      found: false,
      reason: `Apertium's ${missing.join(', ')} ${missing.length === 1 ? 'is' : 'are'} not on the PATH (Debian: apt-get install -y ${APERTIUM_PACKAGE})`,
    };
  }
  if (!modes['es-en']) {
    return {
      found: false,
      reason: `Apertium's Spanish→English mode (spa-eng.mode) is not installed (Debian: apt-get install -y ${APERTIUM_PACKAGE})`,
    };
  }
  return { found: true, install: { modes } };
}
