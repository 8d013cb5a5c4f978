import { messages } from '#shared/messages';

/**
 * One card of an exported deck: a saved word or sentence with its context, as the CSV and the
 * Anki package write it. The review feature builds these from the saved-items contract.
 */
export interface DeckItem {
  /** The saved item's id: it names the clip file and keeps the Anki note's guid stable. */
  id: string;
  /** What was saved: a word, or the sentence itself. */
  text: string;
  /** The sentence the item was met in. */
  sentence: string;
  translation: string;
  /** The translation is a machine's, no person has reviewed it (decision 043). */
  translationByMachine: boolean;
  /** The word's gloss; empty for a saved sentence. */
  gloss: string;
  glossByMachine: boolean;
  story: string;
  chapter: string;
  chapterId: string;
  /** The chapter's audio (the clip is cut from it). */
  audioUrl: string;
  startSeconds: number;
  endSeconds: number;
}

/**
 * Where an exported translation or gloss comes from, in the words the app shows beside it:
 * '' when there is no text.
 */
export const sourceText = (text: string, byMachine: boolean): string =>
  text === '' ? '' : byMachine ? messages.translation.machine : messages.translation.story;

/** The clip file of an item inside an export (also the CSV's audio column). */
export const clipFileName = (item: Pick<DeckItem, 'id'>): string =>
  `relatos-${item.id.replace(/[^A-Za-z0-9_-]/g, '')}.wav`;
