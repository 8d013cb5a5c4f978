import { useEffect } from 'react';
import { SKIP_SECONDS } from '#shared/player/timing';
import { useSiteIdentity } from '#client/lib/site-identity';
import { playAudio, seekTo, skipBy } from './audio-actions';

export interface MediaSessionInfo {
  title: string;
  storyTitle: string;
  artworkUrl?: string | null;
}

const absolute = (url: string) => new URL(url, location.href).href;

/**
 * The lock screen and media keys: title, story and cover, play/pause and seeking. Browsers without
 * the Media Session API simply skip it.
 */
export function useMediaSession(audio: HTMLAudioElement | null, info: MediaSessionInfo | null) {
  const { title, storyTitle, artworkUrl } = info ?? { title: '', storyTitle: '' };
  const active = info !== null;
  const { name: album } = useSiteIdentity();
  useEffect(() => {
    if (!audio || !active || typeof navigator === 'undefined' || !('mediaSession' in navigator)) {
      return;
    }
    const session = navigator.mediaSession;
    if (typeof MediaMetadata !== 'undefined') {
      session.metadata = new MediaMetadata({
        title,
        artist: storyTitle,
        album,
        artwork: artworkUrl ? [{ src: absolute(artworkUrl) }] : [],
      });
    }
    const handlers: Array<[MediaSessionAction, MediaSessionActionHandler]> = [
      ['play', () => playAudio(audio)],
      ['pause', () => audio.pause()],
      ['seekbackward', (details) => skipBy(audio, -(details.seekOffset ?? SKIP_SECONDS))],
      ['seekforward', (details) => skipBy(audio, details.seekOffset ?? SKIP_SECONDS)],
      [
        'seekto',
        (details) => {
          if (details.seekTime !== undefined) seekTo(audio, details.seekTime);
        },
      ],
    ];
    for (const [action, handler] of handlers) {
      try {
        session.setActionHandler(action, handler);
      } catch {
        // This browser does not support the action.
      }
    }
    const updatePosition = () => {
      if (!Number.isFinite(audio.duration) || audio.duration <= 0) return;
      try {
        session.setPositionState({
          duration: audio.duration,
          playbackRate: audio.playbackRate,
          position: Math.min(audio.currentTime, audio.duration),
        });
      } catch {
        // Inconsistent values while a source changes: the next event corrects them.
      }
    };
    const updateState = () => {
      session.playbackState = audio.paused ? 'paused' : 'playing';
      updatePosition();
    };
    const events = ['play', 'pause', 'seeked', 'ratechange', 'loadedmetadata'] as const;
    for (const type of events) audio.addEventListener(type, updateState);
    return () => {
      for (const type of events) audio.removeEventListener(type, updateState);
      for (const [action] of handlers) {
        try {
          session.setActionHandler(action, null);
        } catch {
          // Not supported: nothing to remove.
        }
      }
      session.metadata = null;
    };
  }, [audio, active, title, storyTitle, artworkUrl, album]);
}
