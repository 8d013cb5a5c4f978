/**
 * Records the stories of `content/studio-stories/` as an administrator would bring them to the
 * content studio (decision 049): for each chapter, the recording (`recordings/chapter-<n>.m4a` or
 * `.mp3`: room tone, an intro tune, the narration with varying pauses and the narrator's
 * departures from the text) and the text to paste (`recordings/chapter-<n>.txt`, one paragraph a
 * line), plus `recordings/chapter-<n>.timing.json`: where the intro and each sentence really are,
 * and what the narrator said differently, to judge an alignment against; and the cover as the
 * wizard takes it (`recordings/cover.webp`, `cover.jpg`, 1200×900).
 *
 *   npx tsx scripts/content/record-studio-stories.ts
 *
 * Needs ffmpeg/ffprobe on PATH. Offline and deterministic: two runs write the same bytes (eSpeak
 * keeps state between sentences, so the stories are always recorded all, in the same order).
 */
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { renderCover } from './cover.ts';
import { assertTools, encodeAudio } from './encode.ts';
import { loadSynthesizer } from './synthesize.ts';
import { describeChange, wordChanges } from './studio-stories/departures.ts';
import { narrateChapter } from './studio-stories/narration.ts';
import { chapterText, loadStudioStories, type StudioStory } from './studio-stories/plan.ts';

const formatDuration = (seconds: number) => {
  const whole = Math.round(seconds);
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`;
};

async function recordStory({ dir, story, plan }: StudioStory): Promise<number> {
  const outDir = path.join(dir, 'recordings');
  const partial = `${outDir}.partial`;
  await rm(partial, { recursive: true, force: true });
  await mkdir(partial, { recursive: true });
  console.log(
    `${story.slug} (${story.level}): ${plan.voice}, speed ${plan.speed}, pitch ${plan.pitch}`,
  );
  // The wizard takes a raster cover: the hand-drawn SVG as the demo build renders it.
  await renderCover(
    path.join(dir, 'cover.svg'),
    path.join(partial, 'cover.webp'),
    path.join(partial, 'cover.jpg'),
  );
  let total = 0;
  for (const [c, chapter] of story.chapters.entries()) {
    const number = c + 1;
    const { paragraphs, said } = plan.chapters[c]!;
    const written = chapter.sentences.map((sentence) => sentence.text);
    const spoken = written.map(
      (text, s) => said.find((entry) => entry.sentence === s + 1)?.said ?? text,
    );
    const paragraphStarts = new Set(
      paragraphs.map((_, p) => paragraphs.slice(0, p).reduce((sum, count) => sum + count, 0)),
    );
    const narration = await narrateChapter({
      seedName: `${story.slug}/${number}`,
      sentences: spoken,
      paragraphStarts,
      speech: { voice: plan.voice, speed: plan.speed, pitch: plan.pitch },
      tune: plan.intro,
    });
    const audioFile = path.join(partial, `chapter-${number}.${plan.format}`);
    const check = await encodeAudio(
      narration.samples,
      narration.sampleRate,
      audioFile,
      plan.format,
    );
    await writeFile(path.join(partial, `chapter-${number}.txt`), chapterText(written, paragraphs));

    const departures = said.map((entry) => ({
      sentence: entry.sentence,
      why: entry.why,
      written: written[entry.sentence - 1]!,
      said: entry.said,
      changes: wordChanges(written[entry.sentence - 1]!, entry.said).map(describeChange),
    }));
    const timing = {
      intro: narration.intro,
      sentences: narration.sentences,
      departures,
    };
    await writeFile(
      path.join(partial, `chapter-${number}.timing.json`),
      `${JSON.stringify(timing, null, 2)}\n`,
    );

    const words = chapter.sentences.reduce((sum, sentence) => sum + sentence.words.length, 0);
    total += check.pcmSeconds;
    console.log(
      `  #${number} ${JSON.stringify(chapter.title)}: ${formatDuration(check.pcmSeconds)} ` +
        `(${check.pcmSeconds.toFixed(3)} s; intro ${narration.intro.start}–${narration.intro.end} s; ` +
        `narration ${formatDuration(narration.sentences.at(-1)!.end - narration.sentences[0]!.start)}), ` +
        `${written.length} sentences, ${words} words, ${paragraphs.length} paragraphs`,
    );
    for (const departure of departures) {
      console.log(
        `     sentence ${departure.sentence} (${departure.why}): ${departure.changes.join('; ')}`,
      );
    }
  }
  await rm(outDir, { recursive: true, force: true });
  await rename(partial, outDir);
  return total;
}

async function main(): Promise<void> {
  await assertTools();
  await loadSynthesizer();
  const stories = await loadStudioStories();
  let total = 0;
  for (const story of stories) total += await recordStory(story);
  console.log(`Recorded ${stories.length} stories, ${formatDuration(total)} in all.`);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
