import { useEffect, useId, useState } from 'react';
import { Pause, Play, RotateCcw, RotateCw } from 'lucide-react';
import { formatClock, formatDuration } from '#shared/format';
import { normalizePlaybackRate, PLAYBACK_RATES, SKIP_SECONDS } from '#shared/player/timing';
import { cn } from '#client/lib/cn';
import { seekTo, setRate, skipBy, togglePlay } from './audio-actions';
import { SeekBar } from './seek-bar';
import { ShortcutsHelp } from './shortcuts-help';
import { useAudioState } from './use-audio-state';

export interface AudioPlayerBarProps {
  audio: HTMLAudioElement | null;
  /** Shown instead of the controls' effect when there is nothing to play. */
  unavailableText?: string | null;
  helpOpen: boolean;
  onHelpOpenChange: (open: boolean) => void;
}

const roundButton =
  'inline-flex shrink-0 items-center justify-center rounded-full transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-focus disabled:pointer-events-none disabled:opacity-50';

/** Keeps the page's end visible above the fixed bar (the footer would otherwise hide under it). */
function useReservedSpace(bar: HTMLElement | null) {
  useEffect(() => {
    if (!bar) return;
    const body = document.body;
    const previous = body.style.paddingBottom;
    const apply = (height: number) => {
      body.style.paddingBottom = `${Math.ceil(height)}px`;
    };
    // The observer reports the size after layout: reading offsetHeight here would force a layout
    // of the whole page (a long transcript included) in the middle of rendering it.
    if (typeof ResizeObserver === 'undefined') {
      apply(bar.offsetHeight);
      return () => {
        body.style.paddingBottom = previous;
      };
    }
    const observer = new ResizeObserver(([entry]) => {
      if (entry) apply(entry.borderBoxSize?.[0]?.blockSize ?? entry.contentRect.height);
    });
    observer.observe(bar);
    return () => {
      observer.disconnect();
      body.style.paddingBottom = previous;
    };
  }, [bar]);
}

/**
 * The bottom-fixed audio player: seek bar, time, ±10 s, play/pause, speed and the shortcuts help.
 * Touch targets grow below 768 px.
 */
export function AudioPlayerBar({
  audio,
  unavailableText,
  helpOpen,
  onHelpOpenChange,
}: AudioPlayerBarProps) {
  const state = useAudioState(audio);
  const speedId = useId();
  const [bar, setBar] = useState<HTMLDivElement | null>(null);
  const disabled = !audio || Boolean(unavailableText);
  useReservedSpace(bar);

  const status = unavailableText ?? (state.failed ? 'The audio could not be loaded.' : null);

  return (
    <div
      ref={setBar}
      role="region"
      aria-label="Audio player"
      className="fixed inset-x-0 bottom-0 z-40 border-t border-line bg-surface/95 text-ink shadow-[0_-6px_20px_-12px_rgb(0_0_0/0.25)] backdrop-blur supports-[backdrop-filter]:bg-surface/85"
    >
      <div className="mx-auto max-w-5xl px-4 pt-2 pb-[max(0.75rem,env(safe-area-inset-bottom))] sm:px-6">
        <SeekBar
          currentTime={state.currentTime}
          duration={state.duration}
          disabled={disabled}
          onSeek={(time) => {
            if (audio) seekTo(audio, time);
          }}
          readTime={audio ? () => audio.currentTime : undefined}
        />
        <div className="mt-1 flex items-center justify-between text-xs text-ink-muted tabular-nums md:hidden">
          <span>{formatClock(state.currentTime)}</span>
          <span>{formatDuration(state.duration)}</span>
        </div>
        <div className="mt-1 grid grid-cols-[1fr_auto_1fr] items-center gap-3 md:mt-2">
          <p className="invisible text-sm text-ink-muted tabular-nums md:visible">
            <span className="sr-only">Time: </span>
            {formatClock(state.currentTime)} / {formatDuration(state.duration)}
          </p>
          <div className="flex items-center justify-center gap-4 md:gap-3">
            <button
              type="button"
              disabled={disabled}
              onClick={() => audio && skipBy(audio, -SKIP_SECONDS)}
              aria-label={`Back ${SKIP_SECONDS} seconds`}
              className={cn(
                roundButton,
                'relative size-14 text-ink hover:bg-surface-muted md:size-11',
              )}
            >
              <RotateCcw aria-hidden="true" className="size-7 md:size-6" />
              <span aria-hidden="true" className="absolute text-[0.6rem] font-bold">
                {SKIP_SECONDS}
              </span>
            </button>
            <button
              type="button"
              disabled={disabled}
              onClick={() => audio && togglePlay(audio)}
              aria-label={state.paused ? 'Play' : 'Pause'}
              className={cn(
                roundButton,
                'size-16 bg-accent text-accent-fg shadow-md hover:bg-accent-hover md:size-12',
              )}
            >
              {state.paused ? (
                <Play aria-hidden="true" className="ml-0.5 size-8 fill-current md:size-6" />
              ) : (
                <Pause aria-hidden="true" className="size-8 fill-current md:size-6" />
              )}
            </button>
            <button
              type="button"
              disabled={disabled}
              onClick={() => audio && skipBy(audio, SKIP_SECONDS)}
              aria-label={`Forward ${SKIP_SECONDS} seconds`}
              className={cn(
                roundButton,
                'relative size-14 text-ink hover:bg-surface-muted md:size-11',
              )}
            >
              <RotateCw aria-hidden="true" className="size-7 md:size-6" />
              <span aria-hidden="true" className="absolute text-[0.6rem] font-bold">
                {SKIP_SECONDS}
              </span>
            </button>
          </div>
          <div className="flex items-center justify-end gap-2">
            <label htmlFor={speedId} className="sr-only">
              Playback speed
            </label>
            <select
              id={speedId}
              value={String(normalizePlaybackRate(state.rate))}
              disabled={!audio}
              onChange={(event) => audio && setRate(audio, Number(event.target.value))}
              className="h-11 rounded-full border border-line bg-surface px-3 text-sm font-medium text-ink md:h-10"
            >
              {PLAYBACK_RATES.map((rate) => (
                <option key={rate} value={String(rate)}>
                  {rate}×
                </option>
              ))}
            </select>
            <ShortcutsHelp open={helpOpen} onOpenChange={onHelpOpenChange} />
          </div>
        </div>
        {status ? (
          <p className="mt-1 text-center text-sm text-ink-muted" role="status">
            {status}
          </p>
        ) : null}
      </div>
    </div>
  );
}
