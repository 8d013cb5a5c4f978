import { useCallback, useEffect, useRef } from 'react';
import type { TranscriptElements } from './transcript-elements';

/** The learner scrolled less than this long ago: the transcript does not scroll by itself. */
export const USER_SCROLL_GRACE_MS = 4_000;
const SCROLL_KEYS = new Set(['PageUp', 'PageDown', 'Home', 'End', 'ArrowUp', 'ArrowDown']);

/**
 * Keeps the line being spoken in view, unless the learner scrolled by hand in the last few
 * seconds: while the audio plays; when it is moved while paused (the saved place resumed on
 * opening a chapter, a seek, a bookmark, "Continue from"); and when the transcript is first shown
 * with the audio already past its first line (issue 23: a resumed chapter showed its first lines
 * until Play was pressed). Returns the callback to run when the active line changes.
 */
export function useAutoScroll(
  audio: HTMLAudioElement | null,
  elements: TranscriptElements | null,
): (segmentIndex: number) => void {
  const lastUserScrollRef = useRef(Number.NEGATIVE_INFINITY);
  // The line last reported and the lines it belongs to: a seek's end scrolls to it.
  const activeRef = useRef<{ elements: TranscriptElements | null; segmentIndex: number }>({
    elements: null,
    segmentIndex: -1,
  });

  useEffect(() => {
    if (!audio) return;
    const mark = () => {
      lastUserScrollRef.current = performance.now();
    };
    const onKey = (event: KeyboardEvent) => {
      if (SCROLL_KEYS.has(event.key)) mark();
    };
    const onPointerDown = (event: PointerEvent) => {
      // A press on the page's scrollbar targets the root element.
      if (event.target === document.documentElement) mark();
    };
    // The line changed when the seek began (the highlight follows `seeking`); once the seek has
    // landed, a paused audio's new line is brought into view too.
    const onSeeked = () => {
      if (!audio.paused) return;
      const { elements: shown, segmentIndex } = activeRef.current;
      scrollIntoViewIfNeeded(shown?.segments[segmentIndex], lastUserScrollRef.current);
    };
    window.addEventListener('wheel', mark, { passive: true });
    window.addEventListener('touchmove', mark, { passive: true });
    window.addEventListener('keydown', onKey);
    window.addEventListener('pointerdown', onPointerDown);
    audio.addEventListener('seeked', onSeeked);
    return () => {
      window.removeEventListener('wheel', mark);
      window.removeEventListener('touchmove', mark);
      window.removeEventListener('keydown', onKey);
      window.removeEventListener('pointerdown', onPointerDown);
      audio.removeEventListener('seeked', onSeeked);
    };
  }, [audio]);

  return useCallback(
    (segmentIndex: number) => {
      if (!audio || !elements) return;
      const opening = activeRef.current.elements !== elements;
      activeRef.current = { elements, segmentIndex };
      // A transcript shown with the audio already further on (the seek came before the lines).
      const openedFurtherOn = opening && segmentIndex > 0;
      if (audio.paused && !openedFurtherOn) return;
      scrollIntoViewIfNeeded(elements.segments[segmentIndex], lastUserScrollRef.current);
    },
    [audio, elements],
  );
}

/** Brings the active line into view, unless it already is or the learner is scrolling. */
function scrollIntoViewIfNeeded(element: HTMLElement | undefined, lastUserScroll: number) {
  if (!element || performance.now() - lastUserScroll < USER_SCROLL_GRACE_MS) return;
  const rect = element.getBoundingClientRect();
  const viewport = window.innerHeight || document.documentElement.clientHeight;
  // Room for the sticky bars at the top and the player at the bottom.
  if (rect.top >= 150 && rect.bottom <= viewport - 170) return;
  const reduce =
    typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches;
  element.scrollIntoView?.({ block: 'center', behavior: reduce ? 'auto' : 'smooth' });
}
