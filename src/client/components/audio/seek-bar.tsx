import { useRef, type KeyboardEvent, type PointerEvent } from 'react';
import { formatClock, formatDuration } from '#shared/format';
import { cn } from '#client/lib/cn';

/** Arrow keys move the slider by this much; Page keys by the player's 10 s skip. */
const ARROW_STEP_SECONDS = 5;
const PAGE_STEP_SECONDS = 10;

/** The time for a pointer at `clientX` over a bar: proportional to where it was clicked. */
export function timeAtPointer(
  clientX: number,
  rect: Pick<DOMRect, 'left' | 'width'>,
  duration: number,
): number {
  if (!(rect.width > 0) || !(duration > 0)) return 0;
  const ratio = Math.min(1, Math.max(0, (clientX - rect.left) / rect.width));
  return ratio * duration;
}

export interface SeekBarProps {
  currentTime: number;
  duration: number;
  onSeek: (time: number) => void;
  /**
   * The playback position right now (the media element's own clock). Key steps start from it,
   * not from `currentTime`, which only catches up after a re-render: quick presses add up.
   */
  readTime?: () => number;
  disabled?: boolean;
  className?: string;
}

/**
 * The progress bar: a click (or a drag) seeks proportionally; focused, it is a slider for the
 * keyboard (arrows ±5 s, Page Up/Down ±10 s, Home, End).
 */
export function SeekBar({
  currentTime,
  duration,
  onSeek,
  readTime,
  disabled,
  className,
}: SeekBarProps) {
  const barRef = useRef<HTMLDivElement>(null);
  const dragging = useRef(false);
  const percent = duration > 0 ? Math.min(100, (currentTime / duration) * 100) : 0;

  const seekFromPointer = (event: PointerEvent<HTMLDivElement>) => {
    const rect = barRef.current?.getBoundingClientRect();
    if (!rect) return;
    onSeek(timeAtPointer(event.clientX, rect, duration));
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (disabled) return;
    const steps: Record<string, number> = {
      ArrowLeft: -ARROW_STEP_SECONDS,
      ArrowDown: -ARROW_STEP_SECONDS,
      ArrowRight: ARROW_STEP_SECONDS,
      ArrowUp: ARROW_STEP_SECONDS,
      PageDown: -PAGE_STEP_SECONDS,
      PageUp: PAGE_STEP_SECONDS,
    };
    let target: number | null = null;
    if (event.key in steps) target = (readTime?.() ?? currentTime) + steps[event.key]!;
    else if (event.key === 'Home') target = 0;
    else if (event.key === 'End') target = duration;
    if (target === null) return;
    event.preventDefault();
    onSeek(target);
  };

  return (
    <div
      ref={barRef}
      role="slider"
      tabIndex={disabled ? -1 : 0}
      aria-label="Seek"
      aria-valuemin={0}
      aria-valuemax={Math.floor(duration)}
      aria-valuenow={Math.floor(Math.min(currentTime, duration || currentTime))}
      aria-valuetext={`${formatClock(currentTime)} of ${formatDuration(duration)}`}
      aria-disabled={disabled || undefined}
      onKeyDown={onKeyDown}
      onPointerDown={(event) => {
        if (disabled || event.button !== 0) return;
        dragging.current = true;
        event.currentTarget.setPointerCapture?.(event.pointerId);
        seekFromPointer(event);
      }}
      onPointerMove={(event) => {
        if (dragging.current) seekFromPointer(event);
      }}
      onPointerUp={(event) => {
        dragging.current = false;
        event.currentTarget.releasePointerCapture?.(event.pointerId);
      }}
      onPointerCancel={() => {
        dragging.current = false;
      }}
      className={cn(
        'group relative flex h-6 cursor-pointer touch-none items-center rounded-full select-none focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-focus',
        disabled && 'cursor-default opacity-60',
        className,
      )}
    >
      <div className="relative h-2 w-full overflow-hidden rounded-full bg-surface-muted ring-1 ring-line">
        <div
          className="absolute inset-y-0 left-0 rounded-full bg-accent"
          style={{ width: `${percent}%` }}
        />
      </div>
      <div
        aria-hidden="true"
        className="absolute top-1/2 size-4 -translate-x-1/2 -translate-y-1/2 rounded-full border-2 border-accent bg-surface shadow group-hover:scale-110"
        style={{ left: `${percent}%` }}
      />
    </div>
  );
}
