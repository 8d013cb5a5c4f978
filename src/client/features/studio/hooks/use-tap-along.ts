import { useCallback, useEffect, useState, type RefObject } from 'react';
import type { Transcript } from '#shared/transcript';
import { applyTap, tapAlongStart } from '../rules/tap-along';
import { nextWordRef, type WordRef } from '../rules/word-timing';
import type { useSpanPlayer } from './use-span-player';

/** The playing span's key while tap-along runs. */
export const TAP_ALONG_KEY = 'tap-along';

const isTapKey = (event: KeyboardEvent) => event.key === ' ' || event.key.toLowerCase() === 'j';

const isTextEntry = (target: EventTarget | null) =>
  target instanceof HTMLElement &&
  (target.isContentEditable ||
    target instanceof HTMLTextAreaElement ||
    (target instanceof HTMLInputElement && !['button', 'checkbox', 'radio'].includes(target.type)));

interface TapAlongOptions {
  audioRef: RefObject<HTMLAudioElement | null>;
  player: ReturnType<typeof useSpanPlayer>;
  transcript: Transcript;
  durationSeconds: number;
  edit: (change: (transcript: Transcript) => Transcript) => void;
  /** The word the next tap will place (the page shows its sentence). */
  onAwait: (ref: WordRef) => void;
}

/**
 * Tap-along: the audio plays from a little before a sentence, and each press of Space or J
 * starts the awaited word at the current time, then awaits the next one (into the following
 * sentences). Escape, the chapter's last word or the audio stopping ends it.
 */
export function useTapAlong({
  audioRef,
  player,
  transcript,
  durationSeconds,
  edit,
  onAwait,
}: TapAlongOptions) {
  const [awaited, setAwaited] = useState<WordRef | null>(null);
  // Tap-along lasts as long as its playback: any other play, a pause or the end stops it.
  const current = player.playing?.key === TAP_ALONG_KEY ? awaited : null;
  const { play, stop: stopPlayback } = player;

  const start = useCallback(
    (segmentIndex: number) => {
      const begin = tapAlongStart(transcript, segmentIndex);
      if (!begin) return;
      setAwaited(begin.next);
      onAwait(begin.next);
      play({ key: TAP_ALONG_KEY, start: begin.from, end: null });
    },
    [transcript, play, onAwait],
  );

  const stop = useCallback(() => {
    setAwaited(null);
    stopPlayback();
  }, [stopPlayback]);

  useEffect(() => {
    if (!current) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.ctrlKey || event.metaKey || event.altKey) return;
      if (event.key === 'Escape') {
        event.preventDefault();
        stop();
        return;
      }
      if (!isTapKey(event) || isTextEntry(event.target)) return;
      // Taken before the focused control sees it: Space must not also press a button.
      event.preventDefault();
      event.stopPropagation();
      if (event.repeat) return;
      const seconds = audioRef.current?.currentTime ?? 0;
      edit((value) => applyTap(value, current, seconds, durationSeconds).transcript);
      const next = nextWordRef(transcript, current);
      if (next) {
        setAwaited(next);
        onAwait(next);
      } else {
        stop();
      }
    };
    window.addEventListener('keydown', onKeyDown, true);
    return () => window.removeEventListener('keydown', onKeyDown, true);
  }, [current, transcript, audioRef, durationSeconds, edit, onAwait, stop]);

  return { awaited: current, start, stop };
}
