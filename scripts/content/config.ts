/** Settings shared by the build and the verifier. Changing any of them changes every timing. */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { StoryLevel } from '#shared/contracts/stories';
import type { SynthesisSettings } from './synthesize.ts';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const storiesDir = path.join(repoRoot, 'content/stories');
export const generatedDir = path.join(repoRoot, 'content/generated');

/** Silence before the first sentence, between sentences, and after the last one. */
export const LEAD_IN_SECONDS = 0.3;
export const SENTENCE_PAUSE_SECONDS = 0.45;
export const TAIL_SECONDS = 0.6;

/**
 * eSpeak's Spanish voice runs ~20% faster than its nominal rate; these settings give about
 * 138 / 144 / 150 spoken words per minute (measured, pauses excluded).
 */
export const speechByLevel: Record<StoryLevel, SynthesisSettings> = {
  Beginner: { voice: 'es', speed: 115, pitch: 50 },
  Intermediate: { voice: 'es', speed: 120, pitch: 50 },
  Advanced: { voice: 'es', speed: 125, pitch: 50 },
};
