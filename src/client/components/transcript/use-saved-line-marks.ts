import { useEffect } from 'react';
import type { TranscriptElements } from './transcript-elements';
import type { TranscriptIndex } from './transcript-index';

const savedLabel = (s: number, total: number) => `Saved to My words (line ${s + 1} of ${total})`;
const saveLabel = (s: number, total: number) => `Save line ${s + 1} of ${total} to My words`;

/** The lines' Save buttons say whether the line is saved (aria-pressed, label and title). */
export function useSavedLineMarks(
  elements: TranscriptElements | null,
  index: TranscriptIndex,
  savedLineIds: ReadonlySet<string> | undefined,
): void {
  useEffect(() => {
    if (!elements || !savedLineIds) return;
    const total = index.segments.length;
    for (let s = 0; s < total; s += 1) {
      const button = elements.segments[s]?.querySelector('[data-action="save-line"]');
      if (!button) continue;
      const saved = savedLineIds.has(index.segments[s]!.id);
      if ((button.getAttribute('aria-pressed') === 'true') === saved) continue;
      button.setAttribute('aria-pressed', String(saved));
      button.setAttribute('aria-label', saved ? savedLabel(s, total) : saveLabel(s, total));
      button.setAttribute('title', saved ? 'Saved to My words' : 'Save this line');
    }
  }, [elements, index, savedLineIds]);
}
