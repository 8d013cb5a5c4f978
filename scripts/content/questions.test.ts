import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { transcriptSchema } from '#shared/transcript';
import { generatedDir, storiesDir } from './config.ts';
import { manifestSchema } from './manifest.ts';
import { checkQuestionLines, loadStories, questionsOf, sourceChapterSchema } from './source.ts';

const readJson = async (file: string): Promise<unknown> =>
  JSON.parse(await readFile(file, 'utf8')) as unknown;

describe('comprehension questions of the demo library (decision 069)', () => {
  it('ships in the manifest exactly as the sources write them, lines named by transcript ids', async () => {
    const sources = new Map(
      (await loadStories(storiesDir)).map(({ story }) => [story.slug, story]),
    );
    const manifest = manifestSchema.parse(await readJson(path.join(generatedDir, 'manifest.json')));
    for (const story of manifest.stories) {
      for (const chapter of story.chapters) {
        const transcript = transcriptSchema.parse(
          await readJson(path.join(generatedDir, chapter.transcript)),
        );
        const source = sources.get(story.slug)!.chapters[chapter.position - 1]!;
        expect(chapter.questions, `${story.slug} chapter ${chapter.position}`).toEqual(
          questionsOf(source, transcript.segments),
        );
        for (const question of chapter.questions) {
          // Every line named is one the learner can play.
          expect(transcript.segments.map((segment) => segment.id)).toContain(question.segmentId);
        }
      }
    }
    // One demo story's chapters carry 2–3 questions each, so learners meet the feature.
    const panaderia = manifest.stories.find((s) => s.slug === 'la-panaderia-de-la-calle-luna')!;
    const counts = panaderia.chapters.map((chapter) => chapter.questions.length);
    expect(counts.filter((count) => count >= 2 && count <= 3).length).toBeGreaterThanOrEqual(3);
  });

  it('refuses a question whose answer is not among its options, or whose line is missing', () => {
    const chapter = {
      title: 'Uno',
      sentences: [
        {
          text: 'Hola.',
          translation: 'Hello.',
          words: [{ text: 'Hola', gloss: 'hello' }],
        },
      ],
    };
    const wrongAnswer = sourceChapterSchema.safeParse({
      ...chapter,
      questions: [{ question: '¿Qué dice?', options: ['Hola', 'Adiós'], answer: 'Buenas' }],
    });
    expect(wrongAnswer.error?.issues.map((issue) => issue.path)).toEqual([
      ['questions', 0, 'answer'],
    ]);
    const farLine = sourceChapterSchema.parse({
      ...chapter,
      questions: [{ question: '¿Qué dice?', options: ['Hola', 'Adiós'], answer: 'Hola', line: 2 }],
    });
    expect(() => checkQuestionLines(farLine, 'demo chapter 1')).toThrow(
      'demo chapter 1 question 1: line 2, but the chapter has 1 sentence',
    );
  });
});
