import { useCallback, useEffect, useRef, useState } from 'react';
import { LiveProgressConnection } from './live-progress';

/** A position from another device closer than this to ours is not worth offering. */
export const LIVE_OFFER_MIN_DIFFERENCE_SECONDS = 5;

/**
 * Listens to the signed-in learner's live progress and offers (never forces) a jump when another
 * device saved a position of this chapter more than 5 s away from ours.
 */
export function useLiveProgress({
  enabled,
  chapterId,
  deviceId,
  audio,
}: {
  enabled: boolean;
  chapterId: string;
  deviceId: string;
  audio: HTMLAudioElement | null;
}) {
  const [offer, setOffer] = useState<{ chapterId: string; position: number } | null>(null);
  const chapterRef = useRef(chapterId);
  useEffect(() => {
    chapterRef.current = chapterId;
  }, [chapterId]);

  useEffect(() => {
    if (!enabled || typeof EventSource === 'undefined') return;
    const connection = new LiveProgressConnection({
      onProgress: ({ progress, deviceId: from }) => {
        if (progress.chapterId !== chapterRef.current || from === deviceId) return;
        const position = progress.lastPositionSeconds;
        const current = audio?.currentTime ?? 0;
        if (Math.abs(position - current) <= LIVE_OFFER_MIN_DIFFERENCE_SECONDS) return;
        setOffer({ chapterId: progress.chapterId, position });
      },
    });
    connection.open();
    return () => connection.close();
  }, [enabled, deviceId, audio]);

  const dismiss = useCallback(() => setOffer(null), []);
  return {
    offer: offer && offer.chapterId === chapterId ? offer.position : null,
    dismiss,
  };
}
