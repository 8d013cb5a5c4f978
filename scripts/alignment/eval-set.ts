/**
 * The alignment evaluation set (content/eval/, built by build-eval-set.ts, read by
 * bench/alignment.ts): two parts, each a folder with its own manifest. `dev` is what the engine
 * may be tuned on; `held-out` is only ever run to report (content/eval/README.md, "The split").
 * In each part, per condition, recordings with the text given to the aligner and the true times.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const evalDir = path.join(repoRoot, 'content/eval');

export const evalParts = ['dev', 'held-out'] as const;
export type EvalPart = (typeof evalParts)[number];
export const evalPartDir = (part: EvalPart) => path.join(evalDir, part);

/**
 * What a condition's recordings are, which decides its budgets: `synthetic` (eSpeak's speech,
 * re-synthesised or transformed) or `human` (people's recorded speech joined with known starts).
 */
export const evalKinds = ['synthetic', 'human'] as const;
export type EvalKind = (typeof evalKinds)[number];

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
    /** Paths relative to the part's folder (content/eval/<part>). */
    audio: z.string(),
    text: z.string(),
    truth: z.string(),
    durationSeconds: z.number().positive(),
    /** Where its words come from, for people (a demo chapter, a studio story's sentences, prompts…). */
    source: z.string(),
    /**
     * What was done to it, as the condition's parameters (voice, speed, SNR, RT60, seed…): with
     * `source`, what makes a recording itself. No held-out recording repeats a dev one's.
     */
    params: z.string(),
  })
  .strict();
export type EvalItem = z.infer<typeof evalItemSchema>;

export const evalConditionSchema = z
  .object({
    id: z.string(),
    kind: z.enum(evalKinds),
    description: z.string(),
    items: z.array(evalItemSchema),
  })
  .strict();
export type EvalCondition = z.infer<typeof evalConditionSchema>;

export const evalManifestSchema = z
  .object({
    version: z.literal(2),
    part: z.enum(evalParts),
    conditions: z.array(evalConditionSchema),
  })
  .strict();
export type EvalManifest = z.infer<typeof evalManifestSchema>;

export async function loadEvalManifest(part: EvalPart, root = evalDir): Promise<EvalManifest> {
  const manifest = evalManifestSchema.parse(
    JSON.parse(await readFile(path.join(root, part, 'manifest.json'), 'utf8')),
  );
  if (manifest.part !== part) throw new Error(`${part}/manifest.json says it is ${manifest.part}`);
  return manifest;
}

export async function loadEvalItem(part: EvalPart, item: EvalItem, root = evalDir) {
  const dir = path.join(root, part);
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
