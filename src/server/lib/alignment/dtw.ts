/**
 * Dynamic time warping of a reference (rows) against a recording (columns) inside a band: row i may
 * only visit columns [lo[i], hi[i]). Memory is one byte per cell of the band, so an hour aligns
 * within a narrow band around a coarser path instead of a full matrix.
 */

/** Feature vectors, one per frame, `dims` numbers each, row after row. */
export interface FeatureMatrix {
  frames: number;
  dims: number;
  data: Float32Array;
}

/** Allowed columns of each row: [lo[i], hi[i]), both non-decreasing in i. */
export interface Band {
  lo: Int32Array;
  hi: Int32Array;
}

export interface DtwOptions {
  /** The path may start at any allowed column of row 0 (else at the band's first column). */
  openStart: boolean;
  /** The path may end at any allowed column of the last row (else at its last column). */
  openEnd: boolean;
  /**
   * With open ends: the cost of leaving each recording column out of the path. Without it, leaving columns out is free, and a whole reference can
   * collapse onto a few frames that happen to match; with it, only what costs less to leave out
   * than to match (music, silence, someone else's sentence) is left out.
   */
  skipCost?: Float32Array;
  /**
   * The most a step that stays on one reference row may cost at each recording column: a narrator
   * may pause where the reference runs on (words said one by one, a list, a slow reader), and
   * such a silence is held on the word before it at the price of leaving silence out, instead of
   * being matched, frame by frame, against the next word's sound.
   */
  holdCost?: Float32Array;
  /**
   * 1 for reference rows that are silence (a pause between sentences): holding one over the
   * recording's sound costs at least what leaving that sound out would (`skipCost`), so that music
   * between or before sentences is priced alike wherever the path meets it.
   */
  silentRows?: Uint8Array;
  /**
   * Price a second consecutive hold over sound (not silence) at least like leaving that sound
   * out: one reference frame does not last for seconds, and without this a word's frame held
   * over a whole intro tune cost less than leaving the tune out (the first sentence was placed
   * inside it).
   */
  longHolds?: boolean;
}

/** The warping path: for step s, reference row `rows[s]` meets recording column `columns[s]`. */
export interface WarpingPath {
  rows: Int32Array;
  columns: Int32Array;
  /** Distance of the two frames at each step. */
  distances: Float32Array;
}

const FROM_DIAGONAL = 0;
const FROM_ROW_ABOVE = 1;
const FROM_LEFT = 2;

export function euclidean(a: FeatureMatrix, i: number, b: FeatureMatrix, j: number): number {
  const dims = a.dims;
  const ad = a.data;
  const bd = b.data;
  let sum = 0;
  let ai = i * dims;
  let bj = j * b.dims;
  for (let d = 0; d < dims; d++) {
    const diff = (ad[ai++] as number) - (bd[bj++] as number);
    sum += diff * diff;
  }
  return Math.sqrt(sum);
}

/** A band holding every column for every row (for short signals and tests). */
export function fullBand(rows: number, columns: number): Band {
  return { lo: new Int32Array(rows), hi: new Int32Array(rows).fill(columns) };
}

/**
 * Aligns `reference` to `recording` inside `band` with the symmetric step pattern (a diagonal step
 * counts the cell twice, so paths of any slope compare fairly). Throws when the band leaves no
 * path.
 */
export function warp(
  reference: FeatureMatrix,
  recording: FeatureMatrix,
  band: Band,
  options: DtwOptions,
): WarpingPath {
  if (reference.dims !== recording.dims) {
    throw new RangeError(`feature sizes differ: ${reference.dims} and ${recording.dims}`);
  }
  const rows = reference.frames;
  if (rows === 0 || recording.frames === 0) throw new RangeError('cannot warp an empty signal');
  const { lo, hi } = band;
  const offsets = new Float64Array(rows + 1);
  for (let i = 0; i < rows; i++) {
    const width = (hi[i] as number) - (lo[i] as number);
    if (width <= 0) throw new RangeError(`band row ${i} is empty`);
    offsets[i + 1] = (offsets[i] as number) + width;
  }
  const steps = new Uint8Array(offsets[rows] as number);

  const skip = options.skipCost;
  const hold = options.holdCost;
  const silentRows = options.silentRows;
  /** What a step that stays on row i (> 0) over column j is charged as a narrator's pause. */
  const held = (i: number, j: number, d: number): number => {
    const capped = Math.min(d, hold?.[j] ?? Infinity);
    return silentRows?.[i] === 1 && skip ? Math.max(capped, skip[j] as number) : capped;
  };
  /**
   * What a step that stays on row i over column j costs in the search, `again` when the step into
   * column j − 1 stayed too. Row 0 with an open start: the first frame held over sound costs what
   * leaving the sound out would (music or babble before a sentence is left out, not matched to
   * its start). Other rows: `held`, and with `longHolds` a second hold in a row over sound (a
   * column `holdCost` leaves uncapped) costs at least leaving it out.
   */
  const stay = (i: number, j: number, d: number, again: boolean): number => {
    if (i === 0) return options.openStart && skip ? Math.max(d, skip[j] as number) : d;
    const cost = held(i, j, d);
    return options.longHolds && skip && again && hold?.[j] === Infinity
      ? Math.max(cost, skip[j] as number)
      : cost;
  };
  const spanStart = lo[0] as number;
  // skipped[j − spanStart]: cost of leaving out columns [spanStart, j).
  const spanEnd = hi[rows - 1] as number;
  const skipped = new Float64Array(spanEnd - spanStart + 1);
  for (let j = spanStart; j < spanEnd; j++) {
    skipped[j - spanStart + 1] = (skipped[j - spanStart] as number) + (skip?.[j] ?? 0);
  }

  let maxWidth = 0;
  for (let i = 0; i < rows; i++)
    maxWidth = Math.max(maxWidth, (hi[i] as number) - (lo[i] as number));
  let previous = new Float64Array(maxWidth);
  let current = new Float64Array(maxWidth);
  let previousLo = 0;
  let previousHi = 0;

  for (let i = 0; i < rows; i++) {
    const rowLo = lo[i] as number;
    const rowHi = hi[i] as number;
    const rowOffset = offsets[i] as number;
    for (let j = rowLo; j < rowHi; j++) {
      const d = euclidean(reference, i, recording, j);
      let best = Infinity;
      let from = FROM_DIAGONAL;
      if (i === 0) {
        if (j === rowLo || options.openStart) best = (skipped[j - spanStart] as number) + d;
        if (j > rowLo) {
          const left = (current[j - 1 - rowLo] as number) + stay(0, j, d, false);
          if (left < best) {
            best = left;
            from = FROM_LEFT;
          }
        }
      } else {
        if (j - 1 >= previousLo && j - 1 < previousHi) {
          best = (previous[j - 1 - previousLo] as number) + 2 * d;
        }
        if (j >= previousLo && j < previousHi) {
          const above = (previous[j - previousLo] as number) + d;
          if (above < best) {
            best = above;
            from = FROM_ROW_ABOVE;
          }
        }
        if (j > rowLo) {
          const again = steps[rowOffset + j - 1 - rowLo] === FROM_LEFT;
          const left = (current[j - 1 - rowLo] as number) + stay(i, j, d, again);
          if (left < best) {
            best = left;
            from = FROM_LEFT;
          }
        }
      }
      current[j - rowLo] = best;
      steps[rowOffset + j - rowLo] = from;
    }
    [previous, current] = [current, previous];
    previousLo = rowLo;
    previousHi = rowHi;
  }

  const lastRow = rows - 1;
  let endColumn = previousHi - 1;
  if (options.openEnd) {
    let best = Infinity;
    const allSkipped = skipped[spanEnd - spanStart] as number;
    for (let j = previousLo; j < previousHi; j++) {
      const total =
        (previous[j - previousLo] as number) + allSkipped - (skipped[j + 1 - spanStart] as number);
      if (total < best) {
        best = total;
        endColumn = j;
      }
    }
  }
  if (!Number.isFinite(previous[endColumn - previousLo] as number)) {
    throw new RangeError('the band leaves no warping path');
  }
  return tracePath(steps, offsets, lo, lastRow, endColumn, reference, recording, held);
}

function tracePath(
  steps: Uint8Array,
  offsets: Float64Array,
  lo: Int32Array,
  lastRow: number,
  endColumn: number,
  reference: FeatureMatrix,
  recording: FeatureMatrix,
  held: (row: number, column: number, d: number) => number,
): WarpingPath {
  const rows: number[] = [];
  const columns: number[] = [];
  let i = lastRow;
  let j = endColumn;
  for (;;) {
    rows.push(i);
    columns.push(j);
    const step = steps[(offsets[i] as number) + j - (lo[i] as number)];
    if (i === 0 && (step !== FROM_LEFT || j === lo[0])) break;
    if (step === FROM_DIAGONAL) {
      i--;
      j--;
    } else if (step === FROM_ROW_ABOVE) {
      i--;
    } else {
      j--;
    }
  }
  rows.reverse();
  columns.reverse();
  // A held step costs what it was charged: a narrator's pause is not a bad match.
  const distances = Float32Array.from(rows, (row, s) => {
    const d = euclidean(reference, row, recording, columns[s] as number);
    return row > 0 && rows[s - 1] === row ? held(row, columns[s] as number, d) : d;
  });
  return { rows: Int32Array.from(rows), columns: Int32Array.from(columns), distances };
}
