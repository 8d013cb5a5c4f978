import { useEffect, useRef, type KeyboardEvent, type MouseEvent, type RefObject } from 'react';
import type { Waveform } from '#shared/contracts/studio';
import type { TranscriptWord } from '#shared/transcript';
import { cn } from '#client/lib/cn';
import { useElementWidth } from '../hooks/use-element-width';
import { isDoubtful } from '../rules/doubtful';
import { formatTimestamp } from '../rules/labels';
import { timeToX, xToTime, type TimeWindow } from '../rules/waveform-geometry';
import { LARGE_NUDGE_SECONDS, NUDGE_SECONDS, type TimeBounds } from '../rules/word-timing';
import { WaveformCanvas } from './waveform-canvas';

const WAVE_HEIGHT = 136;

/** A word of a neighbouring sentence that falls inside the window: drawn, not editable. */
export interface ContextWord {
  key: string;
  start: number;
  end: number;
  text: string;
}

export interface WaveformViewProps {
  waveform: Waveform;
  window: TimeWindow;
  sentence: { start: number; end: number };
  sentenceNumber: number;
  words: readonly TranscriptWord[];
  labels: readonly string[];
  contextWords: readonly ContextWord[];
  boundsOf: (index: number) => TimeBounds;
  selectedWord: number | null;
  awaitedWord: number | null;
  onSelectWord: (index: number) => void;
  onNudge: (index: number, deltaSeconds: number) => void;
  onMove: (index: number, seconds: number) => void;
  onPlayWord: (index: number) => void;
  onPlayFrom: (seconds: number) => void;
  /** The id of a doubtful word's explanation (in its row), which describes its start too. */
  doubtIdOf: (index: number) => string;
  audioRef: RefObject<HTMLAudioElement | null>;
  playing: boolean;
  /** The start handles, for focusing one from outside (Next doubtful). */
  handleRefs: RefObject<Array<HTMLDivElement | null>>;
}

const nudgeFor = (event: KeyboardEvent): number | null => {
  const step = event.shiftKey ? LARGE_NUDGE_SECONDS : NUDGE_SECONDS;
  if (event.key === 'ArrowLeft' || event.key === 'ArrowDown') return -step;
  if (event.key === 'ArrowRight' || event.key === 'ArrowUp') return step;
  return null;
};

/**
 * The selected sentence on the chapter's waveform: its words' starts are sliders (focus one and
 * use the arrow keys, or drag it), their texts sit between the boundaries (a doubtful word's
 * underlined, its start described by why it is doubtful), and a playhead follows playback.
 * Clicking the waveform plays from there.
 */
export function WaveformView(props: WaveformViewProps) {
  const { window: shown, words, labels, boundsOf, audioRef, playing } = props;
  const surfaceRef = useRef<HTMLDivElement>(null);
  const playheadRef = useRef<HTMLDivElement>(null);
  const dragging = useRef<number | null>(null);
  const width = useElementWidth(surfaceRef);
  const x = (seconds: number) => timeToX(seconds, shown, width);

  useEffect(() => {
    const playhead = playheadRef.current;
    const audio = audioRef.current;
    if (!playhead || !audio) return;
    if (!playing) {
      playhead.hidden = true;
      return;
    }
    let frame = 0;
    const draw = () => {
      const time = audio.currentTime;
      playhead.hidden = time < shown.start || time > shown.end;
      playhead.style.transform = `translateX(${timeToX(time, shown, width)}px)`;
      frame = requestAnimationFrame(draw);
    };
    draw();
    return () => cancelAnimationFrame(frame);
  }, [playing, audioRef, shown, width]);

  const pointerTime = (event: MouseEvent) => {
    const rect = surfaceRef.current!.getBoundingClientRect();
    return xToTime(event.clientX - rect.left, shown, width);
  };

  return (
    <div className="space-y-1">
      <div
        ref={surfaceRef}
        role="group"
        aria-label={`Word starts of sentence ${props.sentenceNumber}`}
        className="relative overflow-hidden rounded-lg border border-line bg-surface select-none"
        style={{ height: WAVE_HEIGHT + 24 }}
        // A click, not a pointer press: a finger scrolling the page over the waveform plays nothing.
        onClick={(event) => {
          if (event.target === event.currentTarget || event.target instanceof HTMLCanvasElement) {
            props.onPlayFrom(pointerTime(event));
          }
        }}
      >
        <div
          aria-hidden="true"
          className="absolute top-0 bg-accent-soft/70"
          style={{
            left: x(props.sentence.start),
            width: Math.max(0, x(props.sentence.end) - x(props.sentence.start)),
            height: WAVE_HEIGHT,
          }}
        />
        <WaveformCanvas
          waveform={props.waveform}
          window={shown}
          width={width}
          height={WAVE_HEIGHT}
        />
        {props.contextWords.map((word) => (
          <div
            key={word.key}
            aria-hidden="true"
            className="pointer-events-none absolute top-0 w-px bg-ink-muted/40"
            style={{ left: x(word.start), height: WAVE_HEIGHT }}
          />
        ))}
        {words.map((word, index) => (
          <div
            key={word.id}
            aria-hidden="true"
            lang="es"
            className={cn(
              'pointer-events-none absolute bottom-0 h-6 truncate px-1 text-xs leading-6',
              index === props.selectedWord ? 'font-semibold text-accent-ink' : 'text-ink',
              index === props.awaitedWord && 'rounded bg-accent text-accent-fg',
              isDoubtful(word.confidence) &&
                'underline decoration-level-advanced-ink decoration-wavy underline-offset-4',
            )}
            style={{ left: x(word.start), width: Math.max(0, x(word.end) - x(word.start)) }}
          >
            {word.text}
          </div>
        ))}
        {words.map((word, index) => {
          const bounds = boundsOf(index);
          const selected = index === props.selectedWord;
          const doubtful = isDoubtful(word.confidence);
          return (
            <div
              key={word.id}
              ref={(element) => {
                props.handleRefs.current[index] = element;
              }}
              role="slider"
              tabIndex={0}
              data-word={index}
              aria-label={`Start of ${labels[index]}`}
              aria-describedby={doubtful ? props.doubtIdOf(index) : undefined}
              aria-orientation="horizontal"
              aria-valuemin={bounds.min}
              aria-valuemax={bounds.max}
              aria-valuenow={word.start}
              aria-valuetext={formatTimestamp(word.start)}
              className="group absolute top-0 -ml-2.5 w-5 cursor-ew-resize touch-none focus:outline-none"
              style={{ left: x(word.start), height: WAVE_HEIGHT }}
              onFocus={() => props.onSelectWord(index)}
              onKeyDown={(event) => {
                const delta = nudgeFor(event);
                if (delta !== null) {
                  event.preventDefault();
                  props.onNudge(index, delta);
                } else if (event.key === 'Enter' || event.key === ' ') {
                  event.preventDefault();
                  props.onPlayWord(index);
                }
              }}
              onPointerDown={(event) => {
                if (event.button !== 0) return;
                event.preventDefault();
                event.currentTarget.focus();
                event.currentTarget.setPointerCapture?.(event.pointerId);
                dragging.current = index;
              }}
              onPointerMove={(event) => {
                if (dragging.current === index) props.onMove(index, pointerTime(event));
              }}
              onPointerUp={(event) => {
                dragging.current = null;
                event.currentTarget.releasePointerCapture?.(event.pointerId);
              }}
            >
              <span
                className={cn(
                  'absolute inset-y-0 left-1/2 -translate-x-1/2',
                  selected ? 'w-0.5 bg-accent' : 'w-px bg-accent/70',
                )}
              />
              <span
                className={cn(
                  'absolute top-0 left-1/2 h-5 w-3 -translate-x-1/2 rounded-b-md bg-accent shadow-sm',
                  'group-focus-visible:outline-2 group-focus-visible:outline-offset-1 group-focus-visible:outline-focus',
                  selected && 'h-6 w-3.5',
                )}
              />
            </div>
          );
        })}
        <div
          ref={playheadRef}
          hidden
          aria-hidden="true"
          className="pointer-events-none absolute top-0 left-0 w-0.5 bg-ink"
          style={{ height: WAVE_HEIGHT }}
        />
      </div>
      <div className="flex justify-between text-xs text-ink-muted tabular-nums" aria-hidden="true">
        <span>{formatTimestamp(shown.start)}</span>
        <span>{formatTimestamp(shown.end)}</span>
      </div>
    </div>
  );
}
