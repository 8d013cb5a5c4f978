/**
 * Reading a warping path as a clock: where in the recording a moment of the reference falls.
 */
import type { WarpingPath } from './dtw.ts';

/** Per reference row: the first and last recording column the path visits it at. */
export interface RowSpans {
  /** Row of the reference the spans start at. */
  firstRow: number;
  first: Float64Array;
  last: Float64Array;
}

export function rowSpans(path: WarpingPath): RowSpans {
  const firstRow = path.rows[0] ?? 0;
  const rows = (path.rows[path.rows.length - 1] ?? firstRow) - firstRow + 1;
  const first = new Float64Array(rows).fill(Infinity);
  const last = new Float64Array(rows).fill(-Infinity);
  for (let s = 0; s < path.rows.length; s++) {
    const r = (path.rows[s] as number) - firstRow;
    const c = path.columns[s] as number;
    if (c < (first[r] as number)) first[r] = c;
    if (c > (last[r] as number)) last[r] = c;
  }
  return { firstRow, first, last };
}

/**
 * The recording position (fractional column) of a reference position (fractional row): the
 * start of the reference frame lands where the path first meets that row, and a moment inside a
 * frame is placed proportionally towards the next row's first meeting.
 */
export function mapPosition(spans: RowSpans, row: number): number {
  const rows = spans.first.length;
  const r = row - spans.firstRow;
  if (r <= 0) return (spans.first[0] as number) + r;
  if (r >= rows) return (spans.last[rows - 1] as number) + 1 + (r - rows);
  const whole = Math.floor(r);
  const fraction = r - whole;
  const here = spans.first[whole] as number;
  const next =
    whole + 1 < rows ? (spans.first[whole + 1] as number) : (spans.last[whole] as number) + 1;
  return here + fraction * (next - here);
}

/** The recording position just after the reference's row `row − 1` ends. */
export function mapEnd(spans: RowSpans, row: number): number {
  const r = Math.min(spans.first.length, Math.max(1, row - spans.firstRow));
  return (spans.last[r - 1] as number) + 1;
}
