/**
 * The alignment evaluation set (content/eval/, built by build-eval-set.ts, read by
 * bench/alignment.ts): per condition, recordings with the text given to the aligner and the true
 * times. content/eval/README.md describes the format for people.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const evalDir = path.join(repoRoot, 'content/eval');

/** A true time in seconds from the start of the recording, or null where nobody knows it. */
const trueTime = z.number().nonnegative().nullable();

/**
 * The truth of one recording: its sentences and words exactly as `transcriptFromFile` makes them
 * from the item's text (same order, same texts), each with its true start. A sentence starts where
 * its first word does.
 */
export const evalTruthSchema = z
  .object({
    durationSeconds: z.number().positive(),
    segments: z.array(
      z
        .object({
          text: z.string(),
          start: trueTime,
          words: z.array(z.object({ text: z.string(), start: trueTime }).strict()),
        })
        .strict(),
    ),
  })
  .strict();
export type EvalTruth = z.infer<typeof evalTruthSchema>;

export const evalItemSchema = z
  .object({
    id: z.string(),
    /** Paths relative to content/eval. */
    audio: z.string(),
    text: z.string(),
    truth: z.string(),
    durationSeconds: z.number().positive(),
    /** Where it comes from, for people (a demo chapter, Asterisk prompts…). */
    source: z.string(),
  })
  .strict();
export type EvalItem = z.infer<typeof evalItemSchema>;

export const evalConditionSchema = z
  .object({
    id: z.string(),
    description: z.string(),
    items: z.array(evalItemSchema),
  })
  .strict();
export type EvalCondition = z.infer<typeof evalConditionSchema>;

export const evalManifestSchema = z
  .object({ version: z.literal(1), conditions: z.array(evalConditionSchema) })
  .strict();
export type EvalManifest = z.infer<typeof evalManifestSchema>;

export async function loadEvalManifest(dir = evalDir): Promise<EvalManifest> {
  return evalManifestSchema.parse(
    JSON.parse(await readFile(path.join(dir, 'manifest.json'), 'utf8')),
  );
}

export async function loadEvalItem(item: EvalItem, dir = evalDir) {
  const [text, truth] = await Promise.all([
    readFile(path.join(dir, item.text), 'utf8'),
    readFile(path.join(dir, item.truth), 'utf8'),
  ]);
  return {
    audioPath: path.join(dir, item.audio),
    text,
    truth: evalTruthSchema.parse(JSON.parse(truth)),
  };
}
