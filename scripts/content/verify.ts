/**
 * Independent checks of `content/generated/` (run after the build; exits non-zero on failure):
 *
 *   npx tsx scripts/content/verify.ts
 *
 * - manifest and every transcript parse with their schemas; transcripts match the sources
 *   (text, translation, every word and gloss), ids are unique, times are ordered; the manifest's
 *   comprehension questions are the sources' (lines named by the transcript's ids);
 * - each .m4a's duration (ffprobe) matches the manifest within 50 ms;
 * - sentence placement: every sentence is synthesised again and located in the *decoded* .m4a by
 *   cross-correlation; it must sit at its transcript start (this covers the concatenation offsets
 *   and the AAC priming/edit list), and the transcript word times must equal the synthesiser's;
 * - word starts against the sound itself: no word starts more than 50 ms before audible sound,
 *   and where speech resumes after a pause, the nearest word start is compared with the onset.
 */
import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { isDeepStrictEqual, promisify } from 'node:util';
import { transcriptSchema } from '#shared/transcript';
import { generatedDir, speechByLevel, storiesDir } from './config.ts';
import { manifestSchema } from './manifest.ts';
import { checkSentenceWords, loadStories, questionsOf } from './source.ts';
import { SAMPLE_RATE, synthesizeSentence } from './synthesize.ts';
import { checkTranscript } from './transcript.ts';
import { samplesFromS16le } from './wav.ts';

const run = promisify(execFile);
const SR = SAMPLE_RATE;
const HOP = Math.round(SR * 0.005); // 5 ms frames
/** RMS below this (≈ −46 dBFS) counts as silence. */
const SILENCE_RMS = 160;

const failures: string[] = [];
const fail = (msg: string): void => {
  failures.push(msg);
};

function frameRms(samples: Int16Array): Float64Array {
  const frames = new Float64Array(Math.ceil(samples.length / HOP));
  for (let f = 0; f < frames.length; f++) {
    let sum = 0;
    const from = f * HOP;
    const to = Math.min(samples.length, from + 2 * HOP); // 10 ms window, 5 ms hop
    for (let i = from; i < to; i++) sum += (samples[i] ?? 0) ** 2;
    frames[f] = Math.sqrt(sum / Math.max(1, to - from));
  }
  return frames;
}

/** Lag (samples) in [-maxLag, maxLag] where `needle` best matches `hay` at `at + lag`. */
function locate(hay: Int16Array, needle: Int16Array, at: number, maxLag: number): number {
  const n = Math.min(needle.length, SR); // first second of the sentence is plenty
  let best = 0;
  let bestScore = -Infinity;
  for (let lag = -maxLag; lag <= maxLag; lag++) {
    let dot = 0;
    let energy = 0;
    for (let i = 0; i < n; i++) {
      const y = hay[at + lag + i] ?? 0;
      dot += (needle[i] ?? 0) * y;
      energy += y * y;
    }
    const score = energy > 0 ? dot / Math.sqrt(energy) : -Infinity;
    if (score > bestScore) {
      bestScore = score;
      best = lag;
    }
  }
  return best;
}

function stats(values: number[]): string {
  if (values.length === 0) return 'n=0';
  const sorted = [...values].sort((a, b) => a - b);
  const q = (p: number): number =>
    sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? 0;
  return `n=${sorted.length} median=${q(0.5).toFixed(1)} p95=${q(0.95).toFixed(1)} max=${(sorted.at(-1) ?? 0).toFixed(1)}`;
}

async function main(): Promise<void> {
  const manifest = manifestSchema.parse(
    JSON.parse(await readFile(path.join(generatedDir, 'manifest.json'), 'utf8')),
  );
  const sources = new Map((await loadStories(storiesDir)).map((l) => [l.story.slug, l.story]));
  const sentenceLagMs: number[] = [];
  const wordVsSynthMs: number[] = [];
  const onsetErrorMs: number[] = [];
  let silentStarts = 0;
  let words = 0;
  let totalSeconds = 0;

  for (const story of manifest.stories) {
    const source = sources.get(story.slug);
    if (!source) {
      fail(`${story.slug}: no source story`);
      continue;
    }
    for (const chapter of story.chapters) {
      const where = `${story.slug} chapter ${chapter.position}`;
      const sourceChapter = source.chapters[chapter.position - 1];
      const transcript = transcriptSchema.parse(
        JSON.parse(await readFile(path.join(generatedDir, chapter.transcript), 'utf8')),
      );
      checkTranscript(transcript);
      if (!sourceChapter || sourceChapter.sentences.length !== transcript.segments.length) {
        fail(`${where}: segment count differs from the source`);
        continue;
      }
      const wordCount = transcript.segments.reduce((n, s) => n + s.words.length, 0);
      if (wordCount !== chapter.wordCount)
        fail(`${where}: wordCount ${chapter.wordCount} ≠ ${wordCount}`);
      if (!isDeepStrictEqual(chapter.questions, questionsOf(sourceChapter, transcript.segments)))
        fail(`${where}: the manifest's questions differ from the source's`);
      words += wordCount;

      const audioFile = path.join(generatedDir, chapter.audio);
      const probe = await run('ffprobe', [
        '-v',
        'error',
        '-show_entries',
        'stream=duration',
        '-of',
        'csv=p=0',
        audioFile,
      ]);
      const probed = Number(probe.stdout.trim());
      if (Math.abs(probed - chapter.durationExact) > 0.05) {
        fail(`${where}: ffprobe says ${probed}s, manifest ${chapter.durationExact}s`);
      }
      totalSeconds += probed;
      const decoded = await run(
        'ffmpeg',
        ['-v', 'error', '-i', audioFile, '-f', 's16le', '-ac', '1', '-ar', String(SR), '-'],
        { encoding: 'buffer', maxBuffer: 256 * 1024 * 1024 },
      );
      const pcm = samplesFromS16le(decoded.stdout);
      const rms = frameRms(pcm);
      const soundAt = (t: number): boolean => (rms[Math.floor((t * SR) / HOP)] ?? 0) >= SILENCE_RMS;

      for (const [i, segment] of transcript.segments.entries()) {
        const sentence = sourceChapter.sentences[i];
        if (!sentence) continue;
        const id = `${where} ${segment.id}`;
        if (segment.text !== sentence.text || segment.translation !== sentence.translation) {
          fail(`${id}: text or translation differs from the source`);
        }
        sentence.words.forEach((w, k) => {
          const tw = segment.words[k];
          if (!tw || tw.text !== w.text || tw.gloss !== w.gloss)
            fail(`${id}: word ${k + 1} differs`);
        });
        // Re-synthesise and find the sentence in the decoded audio.
        const tokens = checkSentenceWords(sentence, id);
        const synth = await synthesizeSentence(sentence.text, tokens, speechByLevel[story.level]);
        const startSample = Math.round(segment.start * SR);
        const lag = locate(pcm, synth.samples, startSample, Math.round(SR * 0.05));
        sentenceLagMs.push(Math.abs((lag / SR) * 1000));
        if (Math.abs(lag) > SR * 0.01)
          fail(`${id}: sentence found ${((lag / SR) * 1000).toFixed(1)} ms off`);
        const expectedEnd = (startSample + synth.samples.length) / SR;
        if (Math.abs(expectedEnd - segment.end) > 0.002)
          fail(`${id}: end ${segment.end} ≠ ${expectedEnd}`);
        synth.words.forEach((w, k) => {
          const tw = segment.words[k];
          if (!tw) return;
          const diff = Math.abs((startSample + w.startSample) / SR - tw.start) * 1000;
          wordVsSynthMs.push(diff);
          if (diff > 2)
            fail(`${id}w${k + 1}: transcript start differs from eSpeak by ${diff.toFixed(1)} ms`);
        });

        for (const word of segment.words) {
          // Some sound within the first 50 ms of every word, and in its whole span.
          let heard = false;
          for (let t = word.start; t < Math.min(word.end, word.start + 0.05); t += 0.005) {
            if (soundAt(t)) heard = true;
          }
          if (!heard) {
            silentStarts++;
            fail(`${id} "${word.text}" (${word.id}) starts over 50 ms before any sound`);
          }
        }
      }

      // Onsets: where sound resumes after ≥ 80 ms of silence inside a sentence, the nearest word
      // start should be there.
      const starts = transcript.segments.flatMap((s) => s.words.map((w) => w.start));
      let silentRun = 0;
      for (let f = 0; f < rms.length; f++) {
        if ((rms[f] ?? 0) < SILENCE_RMS) {
          silentRun++;
          continue;
        }
        if (silentRun * HOP >= SR * 0.08) {
          const onset = (f * HOP) / SR;
          const nearest = starts.reduce(
            (b, s) => (Math.abs(s - onset) < Math.abs(b - onset) ? s : b),
            Infinity,
          );
          if (Math.abs(nearest - onset) < 0.3) onsetErrorMs.push(Math.abs(nearest - onset) * 1000);
        }
        silentRun = 0;
      }
    }
  }

  console.log(
    `Checked ${manifest.stories.length} stories, ${words} words, ${(totalSeconds / 60).toFixed(2)} min.`,
  );
  console.log(`Sentence position in decoded .m4a vs transcript (ms): ${stats(sentenceLagMs)}`);
  console.log(`Transcript word start vs eSpeak event (ms): ${stats(wordVsSynthMs)}`);
  console.log(`Sound onset after a pause vs nearest word start (ms): ${stats(onsetErrorMs)}`);
  console.log(`Words starting > 50 ms before any sound: ${silentStarts}`);
  if (totalSeconds < 12 * 60) fail(`only ${(totalSeconds / 60).toFixed(2)} min of audio (need 12)`);
  if (failures.length > 0) {
    console.error(failures.slice(0, 50).join('\n'));
    console.error(`${failures.length} problem(s).`);
    process.exitCode = 1;
  } else {
    console.log('All content checks passed.');
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.stack : error);
  process.exitCode = 1;
});
