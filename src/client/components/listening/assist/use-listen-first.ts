import { useCallback, useEffect, useRef, useState } from 'react';
import type { ListenFirstMode } from '#shared/player/listening-assist';
import './listening-assist.css';

const LINE = 'li[data-s]';

export interface ListenFirstControls {
  revealLine: (index: number) => void;
  /** Reveals the line being played (the highlighted one). */
  revealCurrent: () => void;
  /** Every line shown for this chapter; in 'all' mode, `onShowAll` (the text is shown again). */
  revealAll: () => void;
}

/**
 * Listen first over the transcript inside `surface`: the mode is an attribute the stylesheet
 * follows (a hidden line's text is blurred, or the whole list is hidden), and each revealed line
 * carries `data-revealed`. A click on a hidden line's text, or Enter/Space on one of its words,
 * reveals it instead of playing. What was revealed is forgotten with the chapter (`resetKey`).
 * Showing a hidden whole transcript calls `onShowAll`, which turns the mode off, so the chosen
 * option and what the page shows agree (issue 14).
 */
export function useListenFirst(
  surface: HTMLElement | null,
  mode: ListenFirstMode,
  resetKey: unknown,
  onShowAll: () => void,
): ListenFirstControls {
  const revealed = useRef(new Set<number>());
  const [, setVersion] = useState(0);

  // A new chapter starts hidden again.
  const [seenKey, setSeenKey] = useState(resetKey);
  if (seenKey !== resetKey) {
    setSeenKey(resetKey);
    revealed.current = new Set();
  }

  const apply = useCallback(() => {
    if (!surface) return;
    for (const line of surface.querySelectorAll<HTMLElement>(LINE)) {
      const shown = revealed.current.has(Number(line.dataset.s));
      if (shown !== line.hasAttribute('data-revealed')) {
        line.toggleAttribute('data-revealed', shown);
      }
    }
  }, [surface]);

  useEffect(() => {
    if (!surface) return;
    if (mode === 'off') {
      delete surface.dataset.listenFirst;
      return;
    }
    surface.dataset.listenFirst = mode;
    if (mode !== 'lines') return;
    apply();
    // The transcript writes its lines anew (another transcript, other line buttons).
    const observer = new MutationObserver((records) => {
      if (records.some((record) => record.addedNodes.length > 0)) apply();
    });
    const list = surface.querySelector('.tr-root')?.parentElement ?? surface;
    observer.observe(list, { childList: true, subtree: true });

    const hiddenLineOf = (target: EventTarget | null) => {
      if (!(target instanceof Element) || !target.closest('.tr-body')) return null;
      const line = target.closest<HTMLElement>(LINE);
      return line && !line.hasAttribute('data-revealed') ? line : null;
    };
    const reveal = (line: HTMLElement, event: Event) => {
      event.preventDefault();
      event.stopPropagation();
      revealed.current.add(Number(line.dataset.s));
      apply();
      setVersion((version) => version + 1);
    };
    const onClick = (event: MouseEvent) => {
      const line = hiddenLineOf(event.target);
      if (line) reveal(line, event);
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Enter' && event.key !== ' ') return;
      const line = hiddenLineOf(event.target);
      if (line) reveal(line, event);
    };
    // Capture: the transcript's own listeners (seek and play, the word popup) must not run.
    surface.addEventListener('click', onClick, true);
    surface.addEventListener('keydown', onKeyDown, true);
    return () => {
      observer.disconnect();
      surface.removeEventListener('click', onClick, true);
      surface.removeEventListener('keydown', onKeyDown, true);
      delete surface.dataset.listenFirst;
    };
  }, [surface, mode, apply, resetKey]);

  const revealLine = useCallback(
    (index: number) => {
      if (index < 0) return;
      revealed.current.add(index);
      apply();
      setVersion((version) => version + 1);
    },
    [apply],
  );
  const revealCurrent = useCallback(() => {
    if (mode === 'all') {
      onShowAll();
      return;
    }
    const current = surface?.querySelector<HTMLElement>(`${LINE}[aria-current="true"]`);
    revealLine(current ? Number(current.dataset.s) : 0);
  }, [surface, mode, revealLine, onShowAll]);
  const revealAll = useCallback(() => {
    if (mode === 'all') {
      onShowAll();
      return;
    }
    for (const line of surface?.querySelectorAll<HTMLElement>(LINE) ?? []) {
      revealed.current.add(Number(line.dataset.s));
    }
    apply();
    setVersion((version) => version + 1);
  }, [surface, mode, apply, onShowAll]);

  return { revealLine, revealCurrent, revealAll };
}
