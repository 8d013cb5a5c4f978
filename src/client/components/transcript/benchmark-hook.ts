/** What the Playwright benchmark reads to measure highlight lag and click-to-play time. */
export interface PlayerBenchmarkHandle {
  audio: HTMLAudioElement;
  transcriptRoot: HTMLElement;
  /** performance.now() when the highlight last changed. */
  lastHighlightAt: number;
  /** audio.currentTime when the highlight last changed. */
  lastHighlightAudioTime: number;
  activeWordIndex: number;
  activeSegmentIndex: number;
}

declare global {
  interface Window {
    __relatosPlayer?: PlayerBenchmarkHandle;
  }
}

/** Only in development or when `localStorage['relatos.bench'] === '1'`. */
export function benchmarkEnabled(): boolean {
  if (import.meta.env.DEV) return true;
  try {
    return localStorage.getItem('relatos.bench') === '1';
  } catch {
    return false;
  }
}
