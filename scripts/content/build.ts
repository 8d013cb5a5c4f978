/**
 * Regenerates `content/generated/` from the hand-written sources in `content/stories/`:
 * chapter audio (.m4a), word-timed transcripts (.json), covers (.webp/.jpg) and manifest.json.
 *
 *   npx tsx scripts/content/build.ts        (wired as `npm run content:build`)
 *
 * Needs ffmpeg/ffprobe on PATH (Debian: apt-get install -y ffmpeg). Offline and deterministic:
 * the same sources produce byte-identical files.
 */
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import {
  generatedDir,
  LEAD_IN_SECONDS,
  SENTENCE_PAUSE_SECONDS,
  speechByLevel,
  storiesDir,
  TAIL_SECONDS,
} from './config.ts';
import { COVER_HEIGHT, COVER_WIDTH, renderCover } from './cover.ts';
import { assertTools, encodeM4a } from './encode.ts';
import { manifestSchema, type ManifestChapter, type ManifestStory } from './manifest.ts';
import { checkSentenceWords, loadStories, questionsOf, type SourceChapter } from './source.ts';
import {
  loadSynthesizer,
  SAMPLE_RATE,
  synthesizeSentence,
  type SynthesisSettings,
} from './synthesize.ts';
import { buildTranscript, type TimedSentence } from './transcript.ts';
import { concatSamples, silence } from './wav.ts';

/** Everything is written here first and swapped in only when the whole build succeeded. */
const outDir = `${generatedDir}.partial`;

const secondsToSamples = (s: number): number => Math.round(s * SAMPLE_RATE);

interface ChapterResult {
  manifest: ManifestChapter;
  /** Per word: (phoneme-snapped start − raw word event) in ms, for the summary. */
  snapMs: number[];
}

async function buildChapter(
  slug: string,
  chapter: SourceChapter,
  position: number,
  settings: SynthesisSettings,
): Promise<ChapterResult> {
  const parts: Int16Array[] = [silence(secondsToSamples(LEAD_IN_SECONDS))];
  let cursor = parts[0]?.length ?? 0;
  const timed: TimedSentence[] = [];
  const snapMs: number[] = [];
  for (const [s, sentence] of chapter.sentences.entries()) {
    if (s > 0) {
      const pause = silence(secondsToSamples(SENTENCE_PAUSE_SECONDS));
      parts.push(pause);
      cursor += pause.length;
    }
    const tokens = checkSentenceWords(sentence, `${slug} chapter ${position} sentence ${s + 1}`);
    const synth = await synthesizeSentence(sentence.text, tokens, settings);
    parts.push(synth.samples);
    timed.push({
      sentence,
      startSample: cursor,
      endSample: cursor + synth.samples.length,
      wordStartSamples: synth.words.map((w) => cursor + w.startSample),
    });
    for (const w of synth.words) {
      if (w.phonemeMs !== null && w.wordEventMs !== null) snapMs.push(w.phonemeMs - w.wordEventMs);
    }
    cursor += synth.samples.length;
  }
  parts.push(silence(secondsToSamples(TAIL_SECONDS)));
  const samples = concatSamples(parts);

  const audio = `${slug}/chapter-${position}.m4a`;
  const transcriptPath = `${slug}/chapter-${position}.json`;
  await encodeM4a(samples, SAMPLE_RATE, path.join(outDir, audio));
  const transcript = buildTranscript(timed, SAMPLE_RATE);
  await writeFile(path.join(outDir, transcriptPath), `${JSON.stringify(transcript, null, 2)}\n`);

  const durationExact = Math.round((samples.length / SAMPLE_RATE) * 1000) / 1000;
  return {
    manifest: {
      position,
      title: chapter.title,
      durationSeconds: Math.round(durationExact),
      durationExact,
      audio,
      transcript: transcriptPath,
      wordCount: transcript.segments.reduce((n, seg) => n + seg.words.length, 0),
      questions: questionsOf(chapter, transcript.segments),
    },
    snapMs,
  };
}

function formatDuration(seconds: number): string {
  const whole = Math.round(seconds);
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`;
}

async function main(): Promise<void> {
  await assertTools();
  await loadSynthesizer();
  const stories = await loadStories(storiesDir);
  await rm(outDir, { recursive: true, force: true });
  await mkdir(outDir, { recursive: true });

  const manifestStories: ManifestStory[] = [];
  const allSnaps: number[] = [];
  let totalSeconds = 0;
  let totalWords = 0;
  for (const { story, coverSvgPath } of stories) {
    await mkdir(path.join(outDir, story.slug), { recursive: true });
    const cover = {
      webp: `${story.slug}/cover.webp`,
      jpeg: `${story.slug}/cover.jpg`,
      width: COVER_WIDTH,
      height: COVER_HEIGHT,
    };
    await renderCover(coverSvgPath, path.join(outDir, cover.webp), path.join(outDir, cover.jpeg));

    const chapters: ManifestChapter[] = [];
    for (const [c, chapter] of story.chapters.entries()) {
      const result = await buildChapter(story.slug, chapter, c + 1, speechByLevel[story.level]);
      chapters.push(result.manifest);
      allSnaps.push(...result.snapMs);
      const m = result.manifest;
      totalSeconds += m.durationExact;
      totalWords += m.wordCount;
      console.log(
        `  ${story.slug} #${m.position} ${JSON.stringify(m.title)}: ${formatDuration(m.durationExact)} ` +
          `(${m.durationExact.toFixed(3)} s, ${m.wordCount} words)`,
      );
    }
    manifestStories.push({
      slug: story.slug,
      title: story.title,
      description: story.description,
      level: story.level,
      language: story.language,
      position: story.position,
      requiresLogin: story.requires_login,
      newWordsCount: story.new_words_count,
      cover,
      chapters,
    });
  }

  const manifest = manifestSchema.parse({ stories: manifestStories });
  await writeFile(path.join(outDir, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  await rm(generatedDir, { recursive: true, force: true });
  await rename(outDir, generatedDir);

  const chapterCount = manifest.stories.reduce((n, s) => n + s.chapters.length, 0);
  allSnaps.sort((a, b) => a - b);
  const maxSnap = allSnaps.at(-1) ?? 0;
  console.log(
    `Built ${manifest.stories.length} stories, ${chapterCount} chapters, ${totalWords} words, ` +
      `${(totalSeconds / 60).toFixed(2)} min of audio (${formatDuration(totalSeconds)}).`,
  );
  console.log(
    `Word starts: eSpeak word events snapped to the word's first phoneme event ` +
      `(shift median ${allSnaps[Math.floor(allSnaps.length / 2)] ?? 0} ms, max ${maxSnap} ms).`,
  );
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
