import { useEffect, useRef, useState } from 'react';

/**
 * Seconds spent while `running` and the page is visible: a review's clock, paused when the tab is
 * hidden (time away is not review time) and while `running` is false. Ticks once a second.
 */
export function useActiveClock(running: boolean): number {
  const [elapsed, setElapsed] = useState(0);
  // Seconds counted before the current stretch, kept across pauses.
  const banked = useRef(0);

  useEffect(() => {
    if (!running) return;
    let since: number | null = null;
    const now = () => performance.now() / 1000;
    const current = () => banked.current + (since === null ? 0 : now() - since);
    const resume = () => {
      if (since === null && document.visibilityState === 'visible') since = now();
    };
    const pause = () => {
      if (since === null) return;
      banked.current = current();
      since = null;
    };
    const onVisibility = () => {
      if (document.visibilityState === 'visible') resume();
      else pause();
      setElapsed(current());
    };
    resume();
    const timer = window.setInterval(() => setElapsed(current()), 1000);
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      pause();
      window.clearInterval(timer);
      document.removeEventListener('visibilitychange', onVisibility);
      setElapsed(banked.current);
    };
  }, [running]);

  return elapsed;
}
