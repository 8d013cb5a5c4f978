/**
 * Builds the alignment evaluation set into content/eval/ (format: eval-set.ts and
 * content/eval/README.md), deterministically: the same sources give byte-identical files.
 *
 *   node --import tsx scripts/alignment/build-eval-set.ts [--asterisk-dir /tmp/relatos-eval-asterisk]
 *
 * Needs ffmpeg (with librubberband and libopus, as Debian's) and, for the human voice, the Debian
 * packages asterisk-core-sounds-es-wav and asterisk-core-sounds-es, which it fetches with
 * `apt-get download` into the given folder when they are not there yet.
 */
import { mkdir, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { writeOpus, type Pcm } from './eval-audio.ts';
import { onsetAgreement } from './eval-checks.ts';
import { chapterText, demoConditions, loadDemoChapters, type EvalRecording } from './eval-demo.ts';
import { asteriskSounds, humanPassages, humanWords, type HumanItem } from './eval-human.ts';
import {
  evalDir,
  evalManifestSchema,
  type EvalCondition,
  type EvalItem,
  type EvalManifest,
  type EvalTruth,
} from './eval-set.ts';
import { truthFor } from './eval-truth.ts';

const outDir = `${evalDir}.partial`;
const CHAPTERS_PER_CONDITION = 4;
const MAX_TOTAL_BYTES = 25 * 1000 * 1000;
/** Opus bit rates: wideband speech from eSpeak (22 kHz), narrowband telephone prompts (8 kHz). */
const bitrateFor = (pcm: Pcm) => (pcm.sampleRate >= 16_000 ? 24 : 16);
/** Conditions whose truth is checked against speech onsets (additive noise or music would mask them). */
const ONSET_CHECKED = new Set([
  'voice',
  'fast',
  'slow',
  'formants',
  'stretched',
  'departures',
  'human-passages',
  'human-words',
]);
const MAX_ONSET_MEDIAN_MS = 15;

/** One sentence a line: readable, and a change shows as a change of that sentence. */
const formatTruth = (truth: EvalTruth) =>
  `{"durationSeconds":${truth.durationSeconds},"segments":[\n${truth.segments
    .map((segment) => JSON.stringify(segment))
    .join(',\n')}\n]}\n`;

async function writeItem(
  condition: string,
  name: string,
  source: string,
  recording: EvalRecording,
  text: string,
): Promise<EvalItem> {
  const base = `${condition}/${name}`;
  const durationSeconds = recording.pcm.samples.length / recording.pcm.sampleRate;
  const truth = truthFor(text, recording.words, durationSeconds);
  if (ONSET_CHECKED.has(condition)) {
    const agreement = onsetAgreement(recording.pcm, truth);
    console.log(
      `    ${name}: speech onsets vs true sentence starts: median ${agreement.medianMs} ms, ` +
        `p95 ${agreement.p95Ms} ms (${agreement.sentences} sentences after a pause)`,
    );
    if (agreement.medianMs > MAX_ONSET_MEDIAN_MS) {
      throw new Error(`${base}: the truth is ${agreement.medianMs} ms from the speech onsets`);
    }
  }
  const bytes = await writeOpus(
    recording.pcm,
    bitrateFor(recording.pcm),
    path.join(outDir, `${base}.opus`),
  );
  await writeFile(path.join(outDir, `${base}.txt`), text);
  await writeFile(path.join(outDir, `${base}.truth.json`), formatTruth(truth));
  console.log(`    ${name}: ${durationSeconds.toFixed(1)} s, ${(bytes / 1000).toFixed(0)} kB`);
  return {
    id: `${condition}/${name}`,
    audio: `${base}.opus`,
    text: `${base}.txt`,
    truth: `${base}.truth.json`,
    durationSeconds: Math.round(durationSeconds * 1000) / 1000,
    source,
  };
}

async function humanCondition(
  id: string,
  description: string,
  items: HumanItem[],
): Promise<EvalCondition> {
  console.log(`  ${id}`);
  await mkdir(path.join(outDir, id), { recursive: true });
  const written: EvalItem[] = [];
  for (const item of items) {
    written.push(
      await writeItem(
        id,
        item.name,
        'Asterisk prompts by Allison Smith (es_MX), CC BY-SA 3.0',
        item.recording,
        item.text,
      ),
    );
  }
  return { id, description, items: written };
}

async function folderBytes(dir: string): Promise<number> {
  let total = 0;
  for (const entry of await readdir(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isFile()) total += (await stat(path.join(entry.parentPath, entry.name))).size;
  }
  return total;
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: { 'asterisk-dir': { type: 'string', default: '/tmp/relatos-eval-asterisk' } },
  });
  const sounds = await asteriskSounds(values['asterisk-dir']!);
  const chapters = await loadDemoChapters();
  await rm(outDir, { recursive: true, force: true });

  const conditions: EvalCondition[] = [];
  for (const [c, condition] of demoConditions.entries()) {
    console.log(`  ${condition.id}`);
    await mkdir(path.join(outDir, condition.id), { recursive: true });
    const items: EvalItem[] = [];
    // Each condition takes four chapters in turn, so every chapter appears in three or four.
    for (let j = 0; j < CHAPTERS_PER_CONDITION; j++) {
      const chapter = chapters[(c * CHAPTERS_PER_CONDITION + j) % chapters.length]!;
      const recording = await condition.make(chapter);
      items.push(
        await writeItem(
          condition.id,
          chapter.name,
          `demo chapter ${chapter.name}`,
          recording,
          chapterText(chapter),
        ),
      );
    }
    conditions.push({ id: condition.id, description: condition.description, items });
  }
  conditions.push(
    await humanCondition(
      'human-passages',
      'A human voice: Asterisk prompts by Allison Smith (Mexican Spanish, telephone quality, 8 kHz) joined into passages of ten sentences with pauses of 0.35–1.1 s; every sentence start is known (its first word), other words are not measured.',
      await humanPassages(sounds),
    ),
    await humanCondition(
      'human-words',
      'A human voice: single-word Asterisk prompts by Allison Smith (numbers, days, months, "y", "mil", "de", "el"…) joined into dates, numbers and digit strings with gaps of 0–60 ms; every word start is known.',
      await humanWords(sounds),
    ),
  );

  const manifest: EvalManifest = evalManifestSchema.parse({ version: 1, conditions });
  await writeFile(path.join(outDir, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  const total = await folderBytes(outDir);
  if (total > MAX_TOTAL_BYTES)
    throw new Error(`the set is ${(total / 1e6).toFixed(1)} MB, over 25 MB`);
  // The README is written by hand: keep it through the swap.
  const readme = path.join(evalDir, 'README.md');
  try {
    await rename(readme, path.join(outDir, 'README.md'));
  } catch {
    console.warn('  (no content/eval/README.md yet)');
  }
  await rm(evalDir, { recursive: true, force: true });
  await rename(outDir, evalDir);

  const items = conditions.flatMap((condition) => condition.items);
  const minutes = items.reduce((n, item) => n + item.durationSeconds, 0) / 60;
  console.log(
    `Built ${conditions.length} conditions, ${items.length} recordings, ${minutes.toFixed(1)} min of audio, ` +
      `${(total / 1e6).toFixed(1)} MB.`,
  );
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.stack : error);
  process.exitCode = 1;
});
