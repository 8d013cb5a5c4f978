/**
 * Apertium's latency per sentence, warm (decision 044), in its own process:
 *
 *   node --import tsx bench/apertium.ts
 *
 * Every sentence of the demo library (content/stories/*\/story.json), translated Spanish→English
 * one after another by the server's own translator (one long-lived pipeline,
 * src/server/modules/translate/apertium/apertium-process.ts), after a first sentence that starts
 * it. Prints the start, the median, p95 and largest time per sentence, and sentences per second.
 * Not a test: information for docs/decisions/044-translation-services.md; exits 1 only when
 * Apertium is not installed.
 */
import fs from 'node:fs';
import path from 'node:path';
import { findApertium } from '#server/modules/translate/apertium/apertium-install';
import { createApertiumProcess } from '#server/modules/translate/apertium/apertium-process';
import { projectRoot } from './lib/paths.ts';

const apertium = findApertium();
if (!apertium.found) {
  console.error(`Apertium is not installed: ${apertium.reason}`);
  process.exit(1);
}

const storiesDir = path.join(projectRoot, 'content/stories');
const sentences = fs.readdirSync(storiesDir).flatMap((slug) => {
  const story = JSON.parse(fs.readFileSync(path.join(storiesDir, slug, 'story.json'), 'utf8')) as {
    chapters: { sentences: { text: string }[] }[];
  };
  return story.chapters.flatMap((chapter) => chapter.sentences.map((sentence) => sentence.text));
});

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

const translator = createApertiumProcess({ modeFile: apertium.install.modes['es-en']! });
try {
  let started = performance.now();
  await translator.translate('Hola.');
  const startMs = performance.now() - started;

  const times: number[] = [];
  for (const sentence of sentences) {
    started = performance.now();
    await translator.translate(sentence);
    times.push(performance.now() - started);
  }
  const sorted = [...times].sort((a, b) => a - b);
  const total = times.reduce((sum, ms) => sum + ms, 0);
  const words = sentences.reduce((sum, sentence) => sum + sentence.split(/\s+/).length, 0);
  console.log(
    [
      `Apertium spa→eng, ${sentences.length} demo sentences (${words} words), one after another:`,
      `  start (first sentence, dictionaries loaded): ${startMs.toFixed(0)} ms`,
      `  per sentence, warm: median ${percentile(sorted, 50).toFixed(1)} ms, p95 ${percentile(sorted, 95).toFixed(1)} ms, max ${sorted.at(-1)!.toFixed(1)} ms`,
      `  throughput: ${((sentences.length / total) * 1000).toFixed(0)} sentences/s`,
    ].join('\n'),
  );
} finally {
  translator.stop();
}
