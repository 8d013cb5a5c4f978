import { useEffect, useRef } from 'react';
import type { Waveform } from '#shared/contracts/studio';
import { peakColumns, type TimeWindow } from '../rules/waveform-geometry';

export interface WaveformCanvasProps {
  waveform: Waveform;
  window: TimeWindow;
  width: number;
  height: number;
}

/**
 * The peaks of one window of the chapter, one bar per pixel column, in the text colour of its
 * class (so it follows the theme). Redrawn only when the window, the size or the peaks change.
 */
export function WaveformCanvas({ waveform, window: shown, width, height }: WaveformCanvasProps) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas || width <= 0) return;
    const context = canvas.getContext('2d');
    if (!context) return;
    const ratio = globalThis.devicePixelRatio || 1;
    canvas.width = Math.round(width * ratio);
    canvas.height = Math.round(height * ratio);
    context.setTransform(ratio, 0, 0, ratio, 0, 0);
    context.clearRect(0, 0, width, height);
    context.fillStyle = getComputedStyle(canvas).color;
    const { min, max } = peakColumns(waveform, shown, Math.round(width));
    const middle = height / 2;
    for (let column = 0; column < min.length; column += 1) {
      const top = middle - max[column]! * middle;
      const bottom = middle - min[column]! * middle;
      context.fillRect(column, top, 1, Math.max(1, bottom - top));
    }
  }, [waveform, shown, width, height]);
  return (
    <canvas
      ref={canvasRef}
      aria-hidden="true"
      className="absolute inset-0 size-full text-ink-muted/70"
      style={{ width, height }}
    />
  );
}
