import type { PracticeClip } from './clip.ts';

/**
 * Exercises made from a chapter's aligned audio (issue 25, decision 066): nobody writes them; the
 * device makes them from the transcript it already has, each with the clip of the narrator's
 * recording that holds exactly its words.
 */
export const practiceKinds = ['dictation', 'cloze', 'word-in-audio'] as const;
export type PracticeKind = (typeof practiceKinds)[number];

interface PracticeItemBase {
  /** Stable for the same words of the same line: `kind:segmentId:wordIds`. */
  id: string;
  kind: PracticeKind;
  segmentId: string;
  clip: PracticeClip;
  /** The whole line, as written (shown once the item is answered). */
  line: string;
  /** The line's translation, when the story has one. */
  translation?: string;
  /** That translation is a machine's, not reviewed by a person (shown marked, decision 043). */
  translationByMachine: boolean;
}

/** Type what the clip says: a whole line, or a short phrase of it for beginners. */
export interface DictationItem extends PracticeItemBase {
  kind: 'dictation';
  /** The words to type, in order, with their transcript ids. */
  words: Array<{ id: string; text: string }>;
}

export type ClozePart = { text: string } | { blank: number };

export interface ClozeBlank {
  wordId: string;
  /** The word as the line writes it, without punctuation. */
  answer: string;
  /** Four words to pick from, the answer among them; empty when only typing is offered. */
  options: string[];
}

/** The line with one or two words blanked; its clip plays; type or pick each missing word. */
export interface ClozeItem extends PracticeItemBase {
  kind: 'cloze';
  parts: ClozePart[];
  blanks: ClozeBlank[];
}

/** A short stretch plays; which of three written words was in it? */
export interface WordInAudioItem extends PracticeItemBase {
  kind: 'word-in-audio';
  /** The words of the stretch heard. */
  wordIds: string[];
  answer: string;
  answerWordId: string;
  /** Three words, the answer among them. */
  options: string[];
}

export type PracticeItem = DictationItem | ClozeItem | WordInAudioItem;
