import { useEffect, useState } from 'react';
import { ClipPlayer, type ClipPlayerEvent } from '../clip-player';

export type ClipStatus = 'idle' | 'playing' | 'blocked' | 'error';

/** One ClipPlayer for the page, with its status for the Play button. */
export function useClipPlayer() {
  const [status, setStatus] = useState<ClipStatus>('idle');
  const [player] = useState(
    () =>
      new ClipPlayer((event: ClipPlayerEvent) => setStatus(event === 'stopped' ? 'idle' : event)),
  );
  useEffect(() => () => player.dispose(), [player]);
  return { player, status };
}
