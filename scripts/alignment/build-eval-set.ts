/**
 * Builds the alignment evaluation set into content/eval/<part>/ (format: eval-set.ts and
 * content/eval/README.md), deterministically: the same sources give byte-identical files.
 *
 *   node --import tsx scripts/alignment/build-eval-set.ts [--part dev|held-out]
 *     [--asterisk-dir /tmp/relatos-eval-asterisk] [--voices-dir /tmp/relatos-eval-voices]
 *
 * Without --part it builds both, each in a fresh process of its own (eSpeak keeps state between
 * sentences: a part's audio depends only on that part's order). Needs ffmpeg (with librubberband
 * and libopus, as Debian's) and, for the human voices, Debian packages it fetches with
 * `apt-get download` into the given folders when they are not there yet.
 */
import { spawn } from 'node:child_process';
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { writeOpus, type Pcm } from './eval-audio.ts';
import { onsetAgreement } from './eval-checks.ts';
import { conditionPlans, type Recipe } from './eval-conditions.ts';
import { loadDemoChapters } from './eval-demo.ts';
import { heldOutVoices, licenceFiles } from './eval-human-held-out.ts';
import { asteriskSounds } from './eval-human.ts';
import {
  evalDir,
  evalManifestSchema,
  evalPartDir,
  evalParts,
  type EvalCondition,
  type EvalItem,
  type EvalManifest,
  type EvalPart,
  type EvalTruth,
} from './eval-set.ts';
import { truthFor } from './eval-truth.ts';

/** Each part's ceiling: the repository carries the set. */
const MAX_PART_BYTES: Record<EvalPart, number> = { dev: 25e6, 'held-out': 15e6 };
/** Opus bit rates: wideband speech (16 kHz and more), narrowband telephone prompts (8 kHz). */
const bitrateFor = (pcm: Pcm) => (pcm.sampleRate > 16_000 ? 24 : 16);
const MAX_ONSET_MEDIAN_MS = 15;

/** One sentence a line: readable, and a change shows as a change of that sentence. */
const formatTruth = (truth: EvalTruth) =>
  `{"durationSeconds":${truth.durationSeconds},"segments":[\n${truth.segments
    .map((segment) => JSON.stringify(segment))
    .join(',\n')}\n]}\n`;

async function writeItem(outDir: string, condition: string, recipe: Recipe): Promise<EvalItem> {
  const base = `${condition}/${recipe.name}`;
  const { recording, text } = await recipe.make();
  const durationSeconds = recording.pcm.samples.length / recording.pcm.sampleRate;
  const truth = truthFor(text, recording.words, durationSeconds);
  // The truth against the sound: the recording itself, or the same timeline before noise, music
  // or reverberation masked its onsets.
  const agreement = onsetAgreement(recording.clean ?? recording.pcm, truth);
  console.log(
    `    ${recipe.name}: speech onsets vs true sentence starts${recording.clean ? ' (before masking)' : ''}: ` +
      `median ${agreement.medianMs} ms, p95 ${agreement.p95Ms} ms (${agreement.sentences} sentences after a pause)`,
  );
  if (agreement.sentences === 0) throw new Error(`${base}: no sentence start could be checked`);
  if (agreement.medianMs > MAX_ONSET_MEDIAN_MS) {
    throw new Error(`${base}: the truth is ${agreement.medianMs} ms from the speech onsets`);
  }
  const bytes = await writeOpus(
    recording.pcm,
    bitrateFor(recording.pcm),
    path.join(outDir, `${base}.opus`),
  );
  await writeFile(path.join(outDir, `${base}.txt`), text);
  await writeFile(path.join(outDir, `${base}.truth.json`), formatTruth(truth));
  console.log(
    `    ${recipe.name}: ${durationSeconds.toFixed(1)} s, ${(bytes / 1000).toFixed(0)} kB`,
  );
  return {
    id: base,
    audio: `${base}.opus`,
    text: `${base}.txt`,
    truth: `${base}.truth.json`,
    durationSeconds: Math.round(durationSeconds * 1000) / 1000,
    source: recipe.source,
    params: recipe.params,
  };
}

async function folderBytes(dir: string): Promise<number> {
  let total = 0;
  for (const entry of await readdir(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isFile()) total += (await stat(path.join(entry.parentPath, entry.name))).size;
  }
  return total;
}

/** The notices of the Debian packages the voices come from, kept beside the recordings. */
async function writeLicences(outDir: string, voicesDir: string): Promise<void> {
  await mkdir(path.join(outDir, 'licences'), { recursive: true });
  for (const [name, files] of Object.entries(licenceFiles)) {
    const texts = await Promise.all(
      files.map((file) => readFile(path.join(voicesDir, file), 'latin1')),
    );
    await writeFile(path.join(outDir, 'licences', name), texts.join('\n\n'));
  }
}

async function buildPart(part: EvalPart, asteriskDir: string, voicesDir: string): Promise<void> {
  const started = performance.now();
  const outDir = `${evalPartDir(part)}.partial`;
  const plans = await conditionPlans({
    chapters: await loadDemoChapters(),
    asteriskSounds: await asteriskSounds(asteriskDir),
    voicesDir: await heldOutVoices(voicesDir),
  });
  await rm(outDir, { recursive: true, force: true });
  const conditions: EvalCondition[] = [];
  for (const plan of plans) {
    const recipes = part === 'dev' ? plan.dev : plan.heldOut;
    console.log(`  ${part} ${plan.id}`);
    await mkdir(path.join(outDir, plan.id), { recursive: true });
    const items: EvalItem[] = [];
    for (const recipe of recipes) items.push(await writeItem(outDir, plan.id, recipe));
    conditions.push({ id: plan.id, kind: plan.kind, description: plan.description, items });
  }
  await writeLicences(outDir, voicesDir);
  const manifest: EvalManifest = evalManifestSchema.parse({ version: 2, part, conditions });
  await writeFile(path.join(outDir, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  const total = await folderBytes(outDir);
  if (total > MAX_PART_BYTES[part]) {
    throw new Error(
      `${part} is ${(total / 1e6).toFixed(1)} MB, over ${MAX_PART_BYTES[part] / 1e6} MB`,
    );
  }
  await rm(evalPartDir(part), { recursive: true, force: true });
  await rename(outDir, evalPartDir(part));

  const items = conditions.flatMap((condition) => condition.items);
  const minutes = items.reduce((n, item) => n + item.durationSeconds, 0) / 60;
  console.log(
    `Built ${part}: ${conditions.length} conditions, ${items.length} recordings, ${minutes.toFixed(1)} min of audio, ` +
      `${(total / 1e6).toFixed(1)} MB, in ${((performance.now() - started) / 1000).toFixed(0)} s.`,
  );
}

/** Each part in a fresh process, one after the other. */
function buildInChild(part: EvalPart, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', fileURLToPath(import.meta.url), '--part', part, ...args],
      { stdio: 'inherit' },
    );
    child.on('error', reject);
    child.on('close', (code) =>
      code === 0 ? resolve() : reject(new Error(`building ${part} failed (exit ${code})`)),
    );
  });
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      part: { type: 'string' },
      'asterisk-dir': { type: 'string', default: '/tmp/relatos-eval-asterisk' },
      'voices-dir': { type: 'string', default: '/tmp/relatos-eval-voices' },
    },
  });
  const dirs = ['--asterisk-dir', values['asterisk-dir']!, '--voices-dir', values['voices-dir']!];
  const part = values.part as EvalPart | undefined;
  if (part !== undefined && !evalParts.includes(part)) {
    throw new Error(`--part is one of ${evalParts.join(', ')}`);
  }
  await mkdir(evalDir, { recursive: true });
  if (part) await buildPart(part, values['asterisk-dir']!, values['voices-dir']!);
  else for (const each of evalParts) await buildInChild(each, dirs);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.stack : error);
  process.exitCode = 1;
});
