import { useCallback, useEffect, useState } from 'react';
import type { TranslationRequest, TranslationSettings } from '#client/lib/api/translate';
import type { TranscriptElements } from './transcript-elements';
import type { TranscriptIndex } from './transcript-index';

/** A selection of whole words inside the transcript, offered for translation by a button. */
export interface SelectionOffer {
  request: TranslationRequest;
  rect: DOMRect;
}

/**
 * Selecting words with a fine pointer offers their translation; the offer goes away with the
 * selection. `onOffer` runs when an offer appears (the word popup gives way to it).
 */
export function useSelectionOffer({
  root,
  elements,
  index,
  chapterId,
  mode,
  onOffer,
}: {
  root: HTMLElement | null;
  elements: TranscriptElements | null;
  index: TranscriptIndex;
  chapterId: string | undefined;
  mode: TranslationSettings['mode'];
  onOffer: () => void;
}) {
  const [offer, setOffer] = useState<SelectionOffer | null>(null);

  useEffect(() => {
    if (!root) return;
    const onMouseUp = () => {
      if (typeof matchMedia === 'function' && !matchMedia('(pointer: fine)').matches) return;
      // After the browser has settled the selection.
      setTimeout(() => {
        const offered = selectionOffer(root, index, chapterId, mode, elements);
        if (offered) {
          onOffer();
          setOffer(offered);
        }
      }, 0);
    };
    root.addEventListener('mouseup', onMouseUp);
    return () => root.removeEventListener('mouseup', onMouseUp);
  }, [root, elements, index, chapterId, mode, onOffer]);

  useEffect(() => {
    if (!offer) return;
    const onSelectionChange = () => {
      const selection = window.getSelection();
      if (!selection || selection.isCollapsed) setOffer(null);
    };
    document.addEventListener('selectionchange', onSelectionChange);
    return () => document.removeEventListener('selectionchange', onSelectionChange);
  }, [offer]);

  const clearOffer = useCallback(() => setOffer(null), []);
  return { offer, clearOffer };
}

/** The selected text inside the transcript as a translation request, or null. */
function selectionOffer(
  root: HTMLElement,
  index: TranscriptIndex,
  chapterId: string | undefined,
  mode: TranslationSettings['mode'],
  elements: TranscriptElements | null,
): SelectionOffer | null {
  const selection = window.getSelection();
  if (!selection || selection.isCollapsed || selection.rangeCount === 0 || !elements) return null;
  const range = selection.getRangeAt(0);
  if (!root.contains(range.commonAncestorContainer)) return null;

  const covered: number[] = [];
  for (let w = 0; w < elements.words.length; w += 1) {
    if (range.intersectsNode(elements.words[w]!)) covered.push(w);
  }
  if (covered.length === 0) return null;
  // Whole words only: a selection that cuts a word is widened to it (and shown so).
  const whole = document.createRange();
  whole.setStartBefore(elements.words[covered[0]!]!);
  whole.setEndAfter(elements.words[covered.at(-1)!]!);
  if (
    range.compareBoundaryPoints(Range.START_TO_START, whole) !== 0 ||
    range.compareBoundaryPoints(Range.END_TO_END, whole) !== 0
  ) {
    selection.removeAllRanges();
    selection.addRange(whole);
  }
  const text = whole.toString().replace(/\s+/g, ' ').trim();
  if (text.length < 2 || text.length > 5_000) return null;
  const segmentIndexes = new Set(covered.map((w) => index.wordSegment[w]!));
  let request: TranslationRequest = { text, chapterId };
  if (segmentIndexes.size === 1) {
    const s = index.wordSegment[covered[0]!]!;
    const segment = index.segments[s]!;
    if (covered.length === segment.words.length) {
      request = {
        text: segment.text,
        chapterId,
        segmentId: segment.id,
        local: segment.translation,
      };
    }
  }
  if (request.local === undefined && mode === 'local') {
    const glosses = covered.map((w) => index.words[w]!.gloss);
    if (glosses.every(Boolean)) request = { ...request, local: glosses.join(' · ') };
  }
  return { request, rect: whole.getBoundingClientRect() };
}
