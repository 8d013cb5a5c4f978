/**
 * Aligns a recording with its text from the command line, with the server's engine:
 *
 *   npm run align -- --audio <file> --text <file> [--language es] [--out transcript.json]
 *
 * The audio is anything ffmpeg reads (MP3, WAV, M4A…). The text is plain Spanish (sentences split
 * automatically; a line break ends one) or a transcript JSON whose times are ignored (its
 * sentences, translations and glosses are kept). Progress goes to stderr; the timed transcript to
 * --out, or to stdout. Exit codes: 0 done, 1 failed (the reason is printed), 2 wrong usage.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { DOUBTFUL_CONFIDENCE, alignmentLanguages } from '#shared/contracts/studio';
import { transcriptFromFile } from '#shared/studio/untimed-transcript';
import { InvalidTranscriptError } from '#shared/transcript-parse';
import { alignTranscript } from '#server/lib/alignment/align';
import { AlignmentError } from '#server/lib/alignment/types';
import { AudioDecodeError, decodeAudio, FfmpegMissingError } from '#server/lib/audio/index';

const USAGE =
  'Usage: npm run align -- --audio <file> --text <file> [--language es] [--out transcript.json]';

class UsageError extends Error {}
/** A failure whose message says all (a missing file, a refused input). */
class CliError extends Error {}

function readOptions() {
  let parsed;
  try {
    parsed = parseArgs({
      options: {
        audio: { type: 'string' },
        text: { type: 'string' },
        language: { type: 'string', default: 'es' },
        out: { type: 'string' },
        help: { type: 'boolean', short: 'h', default: false },
      },
    });
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  const { audio, text, language, out, help } = parsed.values;
  if (help) return null;
  if (!audio || !text) throw new UsageError('Both --audio and --text are required.');
  const supported: readonly string[] = alignmentLanguages;
  if (!supported.includes(language)) {
    throw new UsageError(
      `Language "${language}" is not supported (only: ${supported.join(', ')}).`,
    );
  }
  return { audio, text, language: 'es' as const, out };
}

/** Progress on one line of a terminal, or a line per stage and every 10% when redirected. */
function progressReporter() {
  let lastStage = '';
  let lastTenth = -1;
  return (stage: string, fraction: number) => {
    const percent = Math.floor(fraction * 100);
    if (process.stderr.isTTY) {
      process.stderr.write(`\r${stage}: ${percent}%`.padEnd(60));
      return;
    }
    const tenth = Math.floor(fraction * 10);
    if (stage !== lastStage || tenth !== lastTenth) {
      process.stderr.write(`${stage}: ${percent}%\n`);
      lastStage = stage;
      lastTenth = tenth;
    }
  };
}

async function main(): Promise<number> {
  const options = readOptions();
  if (!options) {
    console.log(USAGE);
    return 0;
  }
  const controller = new AbortController();
  process.once('SIGINT', () => controller.abort(new Error('Interrupted.')));

  const text = await readFile(options.text, 'utf8').catch(() => {
    throw new CliError(`Cannot read the text file ${options.text}.`);
  });
  const transcript = transcriptFromFile(text);
  const words = transcript.segments.reduce((n, segment) => n + segment.words.length, 0);
  if (words === 0)
    throw new AlignmentError('no-words', `${options.text} has no Spanish words to align.`);
  console.error(`Text: ${transcript.segments.length} sentences, ${words} words.`);

  console.error(`Decoding ${options.audio}…`);
  const audio = await decodeAudio(options.audio, { signal: controller.signal }).catch((error) => {
    throw error instanceof AudioDecodeError
      ? new CliError(`${options.audio}: ${error.message}`)
      : error;
  });
  console.error(`Audio: ${audio.durationSeconds.toFixed(1)} s.`);

  const started = performance.now();
  const result = await alignTranscript({
    samples: audio.samples,
    sampleRate: audio.sampleRate,
    transcript,
    language: options.language,
    onProgress: progressReporter(),
    signal: controller.signal,
  });
  if (process.stderr.isTTY) process.stderr.write('\n');
  const seconds = (performance.now() - started) / 1000;
  const doubtful = result.transcript.segments
    .flatMap((segment) => segment.words)
    .filter((word) => (word.confidence ?? 1) < DOUBTFUL_CONFIDENCE).length;
  console.error(
    `Aligned in ${seconds.toFixed(1)} s (${(audio.durationSeconds / seconds).toFixed(0)}× real time); ` +
      `speech starts at ${result.leadingNonSpeechSeconds.toFixed(2)} s; ${doubtful} doubtful words.`,
  );

  const json = `${JSON.stringify(result.transcript, null, 2)}\n`;
  if (options.out) {
    await writeFile(options.out, json);
    console.error(`Wrote ${options.out}.`);
  } else {
    process.stdout.write(json);
  }
  return 0;
}

/** Failures people can act on are printed as they are; anything else with its stack. */
const explained = [CliError, AlignmentError, FfmpegMissingError, InvalidTranscriptError];

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    if (error instanceof UsageError) {
      console.error(`${error.message}\n${USAGE}`);
      process.exit(2);
    }
    const known = explained.some((kind) => error instanceof kind);
    const missingFile = (error as NodeJS.ErrnoException).code === 'ENOENT';
    console.error(
      known || missingFile
        ? (error as Error).message
        : error instanceof Error
          ? error.stack
          : String(error),
    );
    process.exit(1);
  },
);
