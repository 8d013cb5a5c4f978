import { useCallback, useEffect } from 'react';
import { wordPlayFrom } from '#shared/player/timing';
import type { TranscriptSegment } from '#shared/transcript';
import { playAudio, seekTo } from '#client/components/audio/audio-actions';
import type { TranscriptElements } from './transcript-elements';
import type { TranscriptIndex } from './transcript-index';
import { wordForKey } from './word-navigation';

/**
 * One delegated click handler and one key handler for the whole transcript. A click on a word (or
 * Enter/Space on it) plays from it (from its line when its timing is doubtful) and activates it (`onWord`: the translation popup); a click
 * elsewhere on a line plays from the line; the arrows, Home and End move between words (one tab
 * stop for all of them); the line buttons translate, bookmark, save or, in the reader, listen from there.
 */
export function useWordInteraction({
  root,
  elements,
  index,
  audio,
  sync,
  onWord,
  onToggleLine,
  onBookmarkLine,
  onSaveLine,
  onNavigate,
}: {
  root: HTMLElement | null;
  elements: TranscriptElements | null;
  index: TranscriptIndex;
  /** The clock clicks seek (the player, the demo); absent in the reader. */
  audio: HTMLAudioElement | null;
  /** Redraws the highlight at once after a seek. */
  sync: () => void;
  onWord: (w: number, element: HTMLElement, viaKeyboard: boolean) => void;
  onToggleLine: (s: number, button: Element) => void;
  onBookmarkLine?: (segment: TranscriptSegment, segmentIndex: number) => void;
  onSaveLine?: (segment: TranscriptSegment) => void;
  onNavigate?: (href: string) => void;
}): void {
  const moveTabStop = useCallback(
    (target: HTMLElement) => {
      if (!root) return;
      for (const previous of root.querySelectorAll<HTMLElement>('[data-w][tabindex="0"]')) {
        if (previous !== target) previous.removeAttribute('tabindex');
      }
      target.tabIndex = 0;
    },
    [root],
  );

  const activateWord = useCallback(
    (w: number, element: HTMLElement, viaKeyboard: boolean) => {
      const word = index.words[w];
      if (!word) return;
      if (audio) {
        // A doubtful word plays from its line's start (decision 050).
        seekTo(audio, wordPlayFrom(word, index.segments[index.wordSegment[w]!]!));
        playAudio(audio);
        sync();
      }
      moveTabStop(element);
      onWord(w, element, viaKeyboard);
    },
    [audio, index, moveTabStop, sync, onWord],
  );

  useEffect(() => {
    if (!root) return;
    const onClick = (event: MouseEvent) => {
      const target = event.target;
      if (!(target instanceof Element)) return;
      const selection = window.getSelection();
      if (selection && !selection.isCollapsed && root.contains(selection.anchorNode)) return;
      const segmentElement = target.closest<HTMLElement>('[data-s]');
      const s = segmentElement ? Number(segmentElement.dataset.s) : -1;
      const action = target.closest<HTMLElement>('[data-action]');
      if (action) {
        const kind = action.dataset.action;
        if (kind === 'translate-line') onToggleLine(s, action);
        else if (kind === 'bookmark-line') onBookmarkLine?.(index.segments[s]!, s);
        else if (kind === 'save-line') onSaveLine?.(index.segments[s]!);
        else if (kind === 'listen-line' && onNavigate) {
          if (event.ctrlKey || event.metaKey || event.shiftKey || event.button !== 0) return;
          event.preventDefault();
          onNavigate(action.getAttribute('href') ?? '/');
        }
        return;
      }
      if (target.closest('.tr-slot, button, a')) return;
      const wordElement = target.closest<HTMLElement>('[data-w]');
      if (wordElement) {
        activateWord(Number(wordElement.dataset.w), wordElement, false);
        return;
      }
      if (audio && s >= 0) {
        seekTo(audio, index.segments[s]!.start);
        sync();
      }
    };

    const onKeyDown = (event: KeyboardEvent) => {
      const target = event.target;
      if (!(target instanceof HTMLElement) || event.ctrlKey || event.metaKey || event.altKey)
        return;
      const wordElement = target.closest<HTMLElement>('[data-w]');
      if (!wordElement || !elements) return;
      const w = Number(wordElement.dataset.w);
      if (event.key === 'Enter' || event.key === ' ') {
        event.preventDefault();
        event.stopPropagation();
        activateWord(w, wordElement, true);
        return;
      }
      const next = wordForKey(index, w, event.key);
      if (next === null) return;
      event.preventDefault();
      event.stopPropagation();
      const nextElement = elements.words[next];
      if (!nextElement) return;
      moveTabStop(nextElement);
      nextElement.focus();
    };

    root.addEventListener('click', onClick);
    root.addEventListener('keydown', onKeyDown);
    return () => {
      root.removeEventListener('click', onClick);
      root.removeEventListener('keydown', onKeyDown);
    };
  }, [
    root,
    elements,
    index,
    audio,
    sync,
    activateWord,
    moveTabStop,
    onToggleLine,
    onBookmarkLine,
    onSaveLine,
    onNavigate,
  ]);
}
