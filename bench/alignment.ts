/**
 * The alignment engine's accuracy and speed (issue 11, decision 021), in its own process:
 *
 *   node --import tsx bench/alignment.ts [--part dev|held-out]… [--condition <id>]… [--no-library]
 *     [--no-long] [--json]
 *
 * 1. Accuracy on every condition of both parts of the evaluation set (content/eval,
 *    scripts/alignment): dev, which the engine may be tuned on, and held-out, which is run only to
 *    report (content/eval/README.md, "The split"); and on the published demo library. Budgets:
 *    synthetic and transformed speech word-start error median ≤ 20 ms, p90 ≤ 60 ms; recorded human
 *    speech median ≤ 30 ms, p90 ≤ 100 ms; sentence-start error p95 ≤ 60 ms for both (a sentence
 *    starts with its first word). A refused recording misses every time it should have given.
 * 2. Speed on the whole demo library (18 minutes), decoding included: ≥ 20× real time and under
 *    60 s; beside it, the floor measured in the same run: decoding the same audio alone.
 * 3. A 60-minute chapter made at bench time from the demo chapters: decoded and aligned in a child
 *    process in under 3 minutes, its peak memory (max RSS) under 1 GB.
 *
 * Progress goes to stderr. Without --json it prints a table and exits 1 when a budget is missed;
 * with --json it prints { rows, details } for bench/run.ts.
 */
import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { decodeAudio } from '#server/lib/audio/index';
import { alignTranscript } from '#server/lib/alignment/align';
import { AlignmentError } from '#server/lib/alignment/types';
import { transcriptFromFile } from '#shared/studio/untimed-transcript';
import {
  evalParts,
  evalTruthSchema,
  loadEvalItem,
  loadEvalManifest,
  type EvalKind,
  type EvalPart,
} from '../scripts/alignment/eval-set.ts';
import {
  accuracyFigures,
  addErrors,
  missedEverything,
  noErrors,
  timingErrors,
  type AccuracyFigures,
} from './lib/alignment-accuracy.ts';
import { libraryChapters, libraryTruth } from './lib/library.ts';
import { writeLongChapter } from './lib/long-chapter.ts';
import { formatTable, type Row } from './lib/table.ts';

/** Accuracy budgets by what was recorded: people's speech starts are fuzzier than eSpeak's. */
const ACCURACY_BUDGET: Record<EvalKind, AccuracyBudget> = {
  synthetic: { wordMedianMs: 20, wordP90Ms: 60, sentenceP95Ms: 60 },
  human: { wordMedianMs: 30, wordP90Ms: 100, sentenceP95Ms: 60 },
};
const ALIGNMENT_BUDGET = {
  realTimeFactor: 20,
  librarySeconds: 60,
  longChapterSeconds: 180,
  longChapterRssMb: 1024,
};
const SAMPLE_RATE = 16_000;

const log = (message: string) => console.error(`[alignment] ${message}`);
/** A refused recording counts as missed (Infinity); no measurement at all is n/a. */
const fixed = (value: number, digits = 0) =>
  Number.isFinite(value) ? value.toFixed(digits) : value === Infinity ? 'missed' : 'n/a';
const within = (value: number, budget: number) => (value <= budget ? 'pass' : 'FAIL');

/** Decodes and aligns one recording with its text (plain text or transcript JSON). */
async function align(audioPath: string, text: string) {
  const audio = await decodeAudio(audioPath, { sampleRate: SAMPLE_RATE });
  const output = await alignTranscript({
    samples: audio.samples,
    sampleRate: audio.sampleRate,
    transcript: transcriptFromFile(text),
    language: 'es',
  });
  return { output, audioSeconds: audio.durationSeconds };
}

interface AccuracyBudget {
  wordMedianMs: number;
  wordP90Ms: number;
  sentenceP95Ms: number;
}

function accuracyRows(
  condition: string,
  figures: AccuracyFigures,
  budget: AccuracyBudget = ACCURACY_BUDGET.synthetic,
): Row[] {
  const counts = `${figures.words} words, ${figures.sentences} sentences`;
  return [
    {
      figure: `${condition}: word start error, median (ms; ${counts})`,
      value: fixed(figures.wordMedianMs),
      budget: `≤ ${budget.wordMedianMs}`,
      status: within(figures.wordMedianMs, budget.wordMedianMs),
    },
    {
      figure: `${condition}: word start error, p90 (ms)`,
      value: fixed(figures.wordP90Ms),
      budget: `≤ ${budget.wordP90Ms}`,
      status: within(figures.wordP90Ms, budget.wordP90Ms),
    },
    {
      figure: `${condition}: sentence start error, p95 (ms; max ${fixed(figures.sentenceMaxMs)})`,
      value: fixed(figures.sentenceP95Ms),
      budget: `≤ ${budget.sentenceP95Ms}`,
      status: within(figures.sentenceP95Ms, budget.sentenceP95Ms),
    },
  ];
}

async function evalConditionRows(
  parts: readonly EvalPart[],
  only: string[],
): Promise<{ rows: Row[]; details: string[] }> {
  const rows: Row[] = [];
  const details: string[] = [];
  for (const part of parts) {
    const manifest = await loadEvalManifest(part);
    details.push(
      `Evaluation set, ${part} (content/eval/${part}), per recording: word median / p90, sentence p95 (ms):`,
    );
    const started = performance.now();
    let partAudioSeconds = 0;
    for (const condition of manifest.conditions) {
      if (only.length > 0 && !only.includes(condition.id)) continue;
      const errors = noErrors();
      const conditionStarted = performance.now();
      let audioSeconds = 0;
      for (const item of condition.items) {
        const { audioPath, text, truth } = await loadEvalItem(part, item);
        let itemErrors;
        try {
          const aligned = await align(audioPath, text);
          audioSeconds += aligned.audioSeconds;
          itemErrors = timingErrors(aligned.output.transcript, truth);
        } catch (error) {
          if (!(error instanceof AlignmentError)) throw error;
          // A refused recording misses every time it should have given.
          log(`${part} ${item.id}: refused (${error.reason}): ${error.message}`);
          details.push(`  ${item.id.padEnd(52)} refused: ${error.message}`);
          addErrors(errors, missedEverything(truth));
          continue;
        }
        addErrors(errors, itemErrors);
        const figures = accuracyFigures(itemErrors);
        details.push(
          `  ${item.id.padEnd(52)} ${fixed(figures.wordMedianMs).padStart(5)} ${fixed(figures.wordP90Ms).padStart(6)} ${fixed(figures.sentenceP95Ms).padStart(6)}`,
        );
      }
      partAudioSeconds += audioSeconds;
      const seconds = (performance.now() - conditionStarted) / 1000;
      const figures = accuracyFigures(errors);
      log(
        `${part} ${condition.id}: words median ${fixed(figures.wordMedianMs)} ms, p90 ${fixed(figures.wordP90Ms)} ms; ` +
          `sentences p95 ${fixed(figures.sentenceP95Ms)} ms (${fixed(audioSeconds / seconds, 1)}× real time)`,
      );
      rows.push(
        ...accuracyRows(`${part} ${condition.id}`, figures, ACCURACY_BUDGET[condition.kind]),
      );
    }
    details.push(
      `  ${part}: ${fixed(partAudioSeconds / 60, 1)} min of audio aligned in ${fixed((performance.now() - started) / 1000, 1)} s`,
      '',
    );
  }
  return { rows, details };
}

async function libraryRows(): Promise<{ rows: Row[]; details: string[] }> {
  const chapters = await libraryChapters();
  log(`decoding the demo library (${chapters.length} chapters): the floor`);
  let decodeSeconds = 0;
  for (const chapter of chapters) {
    const started = performance.now();
    await decodeAudio(chapter.audioPath, { sampleRate: SAMPLE_RATE });
    decodeSeconds += (performance.now() - started) / 1000;
  }
  log('aligning the demo library, decoding included');
  const errors = noErrors();
  let audioSeconds = 0;
  let seconds = 0;
  for (const chapter of chapters) {
    const text = await readFile(chapter.transcriptPath, 'utf8');
    const started = performance.now();
    const aligned = await align(chapter.audioPath, text);
    seconds += (performance.now() - started) / 1000;
    audioSeconds += aligned.audioSeconds;
    addErrors(errors, timingErrors(aligned.output.transcript, await libraryTruth(chapter)));
  }
  const factor = audioSeconds / seconds;
  const floorFactor = audioSeconds / decodeSeconds;
  log(
    `library: ${fixed(seconds, 1)} s for ${fixed(audioSeconds / 60, 1)} min (${fixed(factor, 1)}× real time)`,
  );
  return {
    rows: [
      ...accuracyRows('published demo library', accuracyFigures(errors)),
      {
        figure: `Demo library aligned, decoding included (s, ${fixed(audioSeconds / 60, 1)} min of audio)`,
        value: fixed(seconds, 1),
        budget: `< ${ALIGNMENT_BUDGET.librarySeconds}`,
        status: seconds < ALIGNMENT_BUDGET.librarySeconds ? 'pass' : 'FAIL',
      },
      {
        figure: 'Demo library: speed (× real time)',
        value: fixed(factor, 1),
        budget: `≥ ${ALIGNMENT_BUDGET.realTimeFactor}`,
        status: factor >= ALIGNMENT_BUDGET.realTimeFactor ? 'pass' : 'FAIL',
      },
      {
        figure: '  floor: decoding the same audio alone (× real time)',
        value: fixed(floorFactor, 1),
        budget: '',
        status: 'info',
      },
    ],
    details: [
      `Demo library: ${chapters.length} chapters, ${fixed(audioSeconds, 1)} s of audio; aligned in ${fixed(seconds, 1)} s ` +
        `(${fixed(factor, 1)}×), of which decoding alone takes ${fixed(decodeSeconds, 1)} s (${fixed(floorFactor, 1)}×).`,
    ],
  };
}

interface LongChapterResult {
  seconds: number;
  audioSeconds: number;
  maxRssMb: number;
  accuracy: AccuracyFigures;
}

/**
 * This process's peak resident memory. On Linux, getrusage's maxRSS (process.resourceUsage) keeps
 * the high-water mark of the process that forked us across exec, so a child of a bench that
 * already used 2 GB reports 2 GB; VmHWM in /proc counts only this program's own memory.
 */
async function peakResidentMb(): Promise<number> {
  try {
    const status = await readFile('/proc/self/status', 'utf8');
    const kilobytes = /^VmHWM:\s+(\d+) kB/m.exec(status)?.[1];
    if (kilobytes) return Number(kilobytes) / 1024;
  } catch {
    // not Linux: fall back to getrusage, which is right where exec starts afresh
  }
  return process.resourceUsage().maxRSS / 1024;
}

/** In the child: decode and align the hour, then report time, peak memory and accuracy. */
async function longChapterChild(
  audioPath: string,
  textPath: string,
  truthPath: string,
): Promise<void> {
  const text = await readFile(textPath, 'utf8');
  const truth = evalTruthSchema.parse(JSON.parse(await readFile(truthPath, 'utf8')));
  const started = performance.now();
  const aligned = await align(audioPath, text);
  const seconds = (performance.now() - started) / 1000;
  const result: LongChapterResult = {
    seconds,
    audioSeconds: aligned.audioSeconds,
    maxRssMb: await peakResidentMb(),
    accuracy: accuracyFigures(timingErrors(aligned.output.transcript, truth)),
  };
  process.stdout.write(`${JSON.stringify(result)}\n`);
}

function runChild(args: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', fileURLToPath(import.meta.url), ...args],
      {
        stdio: ['ignore', 'pipe', 'inherit'],
      },
    );
    let stdout = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) =>
      code === 0 ? resolve(stdout) : reject(new Error(`the child exited with ${code}`)),
    );
  });
}

async function longChapterRows(): Promise<{ rows: Row[]; details: string[] }> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'relatos-long-chapter-'));
  try {
    log('making a 60-minute chapter from the demo chapters');
    const files = await writeLongChapter(await libraryChapters(), dir);
    log(
      `aligning it (${fixed(files.seconds / 60, 1)} min, ${files.chapters} chapters) in a child process`,
    );
    const result = JSON.parse(
      await runChild(['--long-child', files.audio, files.text, files.truth]),
    ) as LongChapterResult;
    log(`60-minute chapter: ${fixed(result.seconds, 1)} s, ${fixed(result.maxRssMb)} MB`);
    return {
      rows: [
        {
          figure: `60-minute chapter (${fixed(result.audioSeconds / 60, 1)} min): decode and align (s)`,
          value: fixed(result.seconds, 1),
          budget: `< ${ALIGNMENT_BUDGET.longChapterSeconds}`,
          status: result.seconds < ALIGNMENT_BUDGET.longChapterSeconds ? 'pass' : 'FAIL',
        },
        {
          figure: '60-minute chapter: peak memory of its process (MB, max RSS)',
          value: fixed(result.maxRssMb),
          budget: `< ${ALIGNMENT_BUDGET.longChapterRssMb}`,
          status: result.maxRssMb < ALIGNMENT_BUDGET.longChapterRssMb ? 'pass' : 'FAIL',
        },
        ...accuracyRows(
          `${fixed(result.audioSeconds / 60, 0)}-minute chapter`,
          result.accuracy,
        ).map((row): Row => ({ ...row, status: 'info', budget: '' })),
      ],
      details: [
        `60-minute chapter: ${files.chapters} demo chapters in a row with 1 s between them (Opus, made at bench time), ` +
          `${fixed(result.audioSeconds / result.seconds, 1)}× real time.`,
      ],
    };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

async function alignmentBench(options: {
  parts: EvalPart[];
  conditions: string[];
  library: boolean;
  long: boolean;
}) {
  const rows: Row[] = [];
  const details: string[] = [];
  for (const part of [
    options.library ? libraryRows : null,
    () => evalConditionRows(options.parts, options.conditions),
    options.long ? longChapterRows : null,
  ]) {
    if (!part) continue;
    const result = await part();
    rows.push(...result.rows);
    details.push(...result.details, '');
  }
  return { rows, details };
}

async function main(): Promise<number> {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: {
      part: { type: 'string', multiple: true, default: [] },
      condition: { type: 'string', multiple: true, default: [] },
      'no-library': { type: 'boolean', default: false },
      'no-long': { type: 'boolean', default: false },
      json: { type: 'boolean', default: false },
      'long-child': { type: 'boolean', default: false },
    },
  });
  if (values['long-child']) {
    const [audio, text, truth] = positionals;
    if (!audio || !text || !truth) throw new Error('--long-child <audio> <text> <truth>');
    await longChapterChild(audio, text, truth);
    return 0;
  }
  const parts = values.part ?? [];
  const unknown = parts.filter((part) => !(evalParts as readonly string[]).includes(part));
  if (unknown.length > 0) throw new Error(`--part is one of ${evalParts.join(', ')}`);
  const { rows, details } = await alignmentBench({
    parts: parts.length > 0 ? (parts as EvalPart[]) : [...evalParts],
    conditions: values.condition ?? [],
    library: !values['no-library'],
    long: !values['no-long'],
  });
  if (values.json) {
    process.stdout.write(`${JSON.stringify({ rows, details })}\n`);
    return 0;
  }
  console.log(`\n${formatTable(rows)}\n\n${details.join('\n')}`);
  const failed = rows.filter((row) => row.status === 'FAIL');
  if (failed.length > 0) {
    console.log(`Budget missed: ${failed.map((row) => row.figure).join('; ')}`);
    return 1;
  }
  console.log('All alignment budgets met.');
  return 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(`[alignment] failed: ${error instanceof Error ? error.stack : String(error)}`);
    process.exit(1);
  },
);
