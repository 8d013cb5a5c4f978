import type { SavedItem } from '#shared/contracts/saved-items';
import type { DeckItem } from '#client/lib/deck-export/deck-item';

/** A saved item as the exports write it. */
export const toDeckItem = (item: SavedItem): DeckItem => ({
  id: item.id,
  text: item.text,
  sentence: item.sentence,
  translation: item.sentenceTranslation ?? '',
  // Items cached before the marks were kept lack them: unmarked, as they were shown then.
  translationByMachine: item.sentenceTranslationByMachine === true,
  gloss: item.gloss ?? '',
  glossByMachine: item.glossByMachine === true,
  story: item.storyTitle,
  chapter: item.chapterTitle,
  chapterId: item.chapterId,
  audioUrl: item.audioUrl,
  startSeconds: item.startSeconds,
  endSeconds: item.endSeconds,
});
