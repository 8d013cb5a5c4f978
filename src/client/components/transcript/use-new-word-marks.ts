import { useEffect } from 'react';
import type { TranscriptElements } from './transcript-elements';
import type { TranscriptIndex } from './transcript-index';

/** New words: a `data-new` attribute per word, set once the vocabulary arrives. */
export function useNewWordMarks(
  elements: TranscriptElements | null,
  index: TranscriptIndex,
  newWordIds: readonly string[] | null | undefined,
): void {
  useEffect(() => {
    if (!elements) return;
    const ids = new Set(newWordIds ?? []);
    for (let w = 0; w < elements.words.length; w += 1) {
      const element = elements.words[w]!;
      if (ids.has(index.words[w]?.id ?? '')) element.setAttribute('data-new', '');
      else if (element.hasAttribute('data-new')) element.removeAttribute('data-new');
    }
  }, [elements, newWordIds, index]);
}
