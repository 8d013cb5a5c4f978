/**
 * The stories written to be made through the content studio (decision 049):
 * `content/studio-stories/<slug>/story.json` (the demo's source format: text, translations and
 * glosses as their author wrote them) and `recording.json`, how the narrator reads it: voice,
 * intro tune, paragraphs of the text an administrator pastes, and what the narrator says that
 * the text does not.
 */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import { splitSentences } from '#shared/studio/sentences';
import { repoRoot } from '../config.ts';
import { sourceStorySchema, type SourceStory } from '../source.ts';

export const studioStoriesDir = path.join(repoRoot, 'content/studio-stories');

const saidSchema = z
  .object({
    /** 1-based, within the chapter. */
    sentence: z.number().int().positive(),
    /** The sentence as the narrator says it. */
    said: z.string().min(1),
    /**
     * `departure`: the narrator added, skipped or changed words; `reading`: how a person reads
     * what the text writes with digits or signs (`1.º` → "primero"), which eSpeak reads otherwise.
     */
    why: z.enum(['departure', 'reading']),
  })
  .strict();

export const recordingPlanSchema = z
  .object({
    /** eSpeak NG voice, speed and pitch (src/server/lib/speech). */
    voice: z.string().min(1),
    speed: z.number().int().min(80).max(450),
    pitch: z.number().int().min(0).max(99),
    format: z.enum(['m4a', 'mp3']),
    intro: z.object({
      bpm: z.number().positive(),
      steps: z.array(z.string().min(1)).min(1),
    }),
    chapters: z
      .array(
        z
          .object({
            /** How many sentences each paragraph of the pasted text holds, in order. */
            paragraphs: z.array(z.number().int().positive()).min(1),
            said: z.array(saidSchema),
          })
          .strict(),
      )
      .min(1),
  })
  .strict();

export type RecordingPlan = z.infer<typeof recordingPlanSchema>;
export type SaidSentence = z.infer<typeof saidSchema>;

export interface StudioStory {
  dir: string;
  story: SourceStory;
  plan: RecordingPlan;
}

async function readJson<T>(file: string, schema: z.ZodType<T>): Promise<T> {
  const parsed = schema.safeParse(JSON.parse(await readFile(file, 'utf8')));
  if (!parsed.success) throw new Error(`${file}: ${z.prettifyError(parsed.error)}`);
  return parsed.data;
}

/** A chapter's text as an administrator pastes it: one paragraph a line. */
export function chapterText(sentences: readonly string[], paragraphs: readonly number[]): string {
  const lines: string[] = [];
  let from = 0;
  for (const count of paragraphs) {
    lines.push(sentences.slice(from, from + count).join(' '));
    from += count;
  }
  return `${lines.join('\n')}\n`;
}

/**
 * Refuses a plan that does not fit its story: a paragraph count that is not the chapter's, a
 * pasted text that the studio would split into other sentences than the story's (the review
 * compares sentence by sentence), or a said sentence that is not there or says the same.
 */
function checkPlan({ story, plan, dir }: StudioStory): void {
  const where = (chapter: number) => `${dir}: chapter ${chapter}`;
  if (plan.chapters.length !== story.chapters.length) {
    throw new Error(
      `${dir}: recording.json has ${plan.chapters.length} chapters, story.json ${story.chapters.length}`,
    );
  }
  story.chapters.forEach((chapter, c) => {
    const { paragraphs, said } = plan.chapters[c]!;
    const sentences = chapter.sentences.map((sentence) => sentence.text);
    const counted = paragraphs.reduce((sum, count) => sum + count, 0);
    if (counted !== sentences.length) {
      throw new Error(
        `${where(c + 1)}: paragraphs hold ${counted} sentences, not ${sentences.length}`,
      );
    }
    const split = splitSentences(chapterText(sentences, paragraphs));
    const first = split.findIndex((sentence, s) => sentence !== sentences[s]);
    if (first >= 0 || split.length !== sentences.length) {
      throw new Error(
        `${where(c + 1)}: the pasted text splits into ${JSON.stringify(split[first])} ` +
          `where the story has ${JSON.stringify(sentences[first])}`,
      );
    }
    for (const entry of said) {
      const written = sentences[entry.sentence - 1];
      if (written === undefined || written === entry.said) {
        throw new Error(
          `${where(c + 1)}: sentence ${entry.sentence} ${written === undefined ? 'does not exist' : 'is said as written'}`,
        );
      }
    }
  });
}

/** Every story of `content/studio-stories/`, checked, in the order of their positions. */
export async function loadStudioStories(root = studioStoriesDir): Promise<StudioStory[]> {
  const entries = await readdir(root, { withFileTypes: true });
  const loaded: StudioStory[] = [];
  for (const entry of entries.filter((e) => e.isDirectory())) {
    const dir = path.join(root, entry.name);
    const story = await readJson(path.join(dir, 'story.json'), sourceStorySchema);
    if (story.slug !== entry.name) {
      throw new Error(`${dir}: slug "${story.slug}" must equal its folder name`);
    }
    const plan = await readJson(path.join(dir, 'recording.json'), recordingPlanSchema);
    const studioStory = { dir, story, plan };
    checkPlan(studioStory);
    loaded.push(studioStory);
  }
  return loaded.sort((a, b) => a.story.position - b.story.position);
}
