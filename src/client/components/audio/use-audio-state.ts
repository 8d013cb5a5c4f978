import { useEffect, useState } from 'react';

export interface AudioState {
  paused: boolean;
  currentTime: number;
  duration: number;
  rate: number;
  /** The source failed to load. */
  failed: boolean;
}

const initial: AudioState = { paused: true, currentTime: 0, duration: 0, rate: 1, failed: false };

const read = (audio: HTMLAudioElement, failed: boolean): AudioState => ({
  paused: audio.paused,
  currentTime: audio.currentTime,
  duration: Number.isFinite(audio.duration) ? audio.duration : 0,
  rate: audio.playbackRate,
  failed,
});

const EVENTS = [
  'play',
  'pause',
  'timeupdate',
  'durationchange',
  'loadedmetadata',
  'ratechange',
  'seeked',
  'seeking',
  'ended',
  'emptied',
] as const;

/**
 * The audio element's state for the controls (time, play/pause, rate). It follows media events
 * (`timeupdate` about four times a second): only the small control bar re-renders, never the
 * transcript, whose highlight runs on animation frames instead.
 */
export function useAudioState(audio: HTMLAudioElement | null): AudioState {
  const [state, setState] = useState<AudioState>(initial);
  useEffect(() => {
    if (!audio) return;
    let failed = false;
    const update = () => setState(read(audio, failed));
    const onError = () => {
      failed = true;
      update();
    };
    const onLoadStart = () => {
      failed = false;
      update();
    };
    update();
    for (const type of EVENTS) audio.addEventListener(type, update);
    audio.addEventListener('error', onError);
    audio.addEventListener('loadstart', onLoadStart);
    return () => {
      for (const type of EVENTS) audio.removeEventListener(type, update);
      audio.removeEventListener('error', onError);
      audio.removeEventListener('loadstart', onLoadStart);
    };
  }, [audio]);
  return state;
}
