import { useEffect, useState } from 'react';
import { ClipPlayer, type ClipPlayerEvent, type ClipRangeRule } from './clip-player';

export type ClipStatus = 'idle' | 'playing' | 'blocked' | 'error';

/**
 * One ClipPlayer for the page, with its status for the Play button. `range` is read once: where
 * the page's clips play (default: exactly their bounds).
 */
export function useClipPlayer(range?: ClipRangeRule) {
  const [status, setStatus] = useState<ClipStatus>('idle');
  const [player] = useState(
    () =>
      new ClipPlayer({
        range,
        onEvent: (event: ClipPlayerEvent) => setStatus(event === 'stopped' ? 'idle' : event),
      }),
  );
  useEffect(() => () => player.dispose(), [player]);
  return { player, status };
}
