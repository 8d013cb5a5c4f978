import { useCallback, useEffect, useLayoutEffect, useRef } from 'react';
import type { ActiveSegmentStore } from './active-segment-store';
import { benchmarkEnabled, type PlayerBenchmarkHandle } from './benchmark-hook';
import { HighlightLoop, Highlighter, type HighlightChange } from './highlighter';
import type { TranscriptElements } from './transcript-elements';
import type { TranscriptIndex } from './transcript-index';

/** Media events after which the highlight is redrawn once at the clock (the loop is not running). */
const SYNC_EVENTS = ['pause', 'seeking', 'seeked', 'loadedmetadata', 'emptied', 'ended'];

/**
 * The highlight that follows the audio: the active word and line marked on every animation frame
 * while it plays (attributes toggled on the elements that changed, never React state), the active
 * line published to `segmentStore`, and `onSegmentChange` told when the line changes. Returns
 * `sync`, which redraws at the clock at once (after a seek made by a click, for instance).
 */
export function useHighlightLoop({
  audio,
  root,
  elements,
  index,
  segmentStore,
  onSegmentChange,
}: {
  audio: HTMLAudioElement | null;
  root: HTMLElement | null;
  elements: TranscriptElements | null;
  index: TranscriptIndex;
  segmentStore?: ActiveSegmentStore;
  onSegmentChange: (segmentIndex: number) => void;
}): () => void {
  const loopRef = useRef<HighlightLoop | null>(null);
  const benchRef = useBenchmarkHandle(audio, root);

  const onHighlight = useRef<(change: HighlightChange) => void>(() => undefined);
  useLayoutEffect(() => {
    onHighlight.current = (change) => {
      const bench = benchRef.current;
      if (bench) {
        bench.lastHighlightAt = performance.now();
        bench.lastHighlightAudioTime = change.time;
        bench.activeSegmentIndex = change.segmentIndex;
        bench.activeWordIndex = change.wordIndex;
      }
      segmentStore?.set(change.segmentIndex);
      if (change.segmentChanged) onSegmentChange(change.segmentIndex);
    };
  }, [benchRef, segmentStore, onSegmentChange]);

  useEffect(() => {
    if (!audio || !elements) return;
    const highlighter = new Highlighter(index, elements, (change) => onHighlight.current(change));
    const loop = new HighlightLoop(audio, highlighter);
    loopRef.current = loop;
    loop.sync();
    if (!audio.paused) loop.start();
    const onPlay = () => loop.start();
    const onSync = () => loop.sync();
    audio.addEventListener('play', onPlay);
    audio.addEventListener('playing', onPlay);
    for (const type of SYNC_EVENTS) audio.addEventListener(type, onSync);
    return () => {
      audio.removeEventListener('play', onPlay);
      audio.removeEventListener('playing', onPlay);
      for (const type of SYNC_EVENTS) audio.removeEventListener(type, onSync);
      loop.stop();
      highlighter.clear();
      loopRef.current = null;
      segmentStore?.set(-1);
    };
  }, [audio, elements, index, segmentStore]);

  return useCallback(() => loopRef.current?.sync(), []);
}

/** The benchmark's handle: one object per audio element and list, updated in place. */
function useBenchmarkHandle(audio: HTMLAudioElement | null, root: HTMLElement | null) {
  const benchRef = useRef<PlayerBenchmarkHandle | null>(null);
  useLayoutEffect(() => {
    if (!audio || !root || !benchmarkEnabled()) return;
    const bench: PlayerBenchmarkHandle = {
      audio,
      transcriptRoot: root,
      lastHighlightAt: 0,
      lastHighlightAudioTime: 0,
      activeWordIndex: -1,
      activeSegmentIndex: -1,
    };
    benchRef.current = bench;
    window.__relatosPlayer = bench;
    return () => {
      benchRef.current = null;
      if (window.__relatosPlayer === bench) delete window.__relatosPlayer;
    };
  }, [audio, root]);
  return benchRef;
}
