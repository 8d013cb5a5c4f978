/**
 * How much to trust each timing, 0–1, so the editor can send the administrator to doubtful places
 * first. Evidence: how well the word's frames matched compared with the chapter's typical match
 * (a skipped, added or changed word matches badly), whether the coarse and the fine alignment
 * agreed on the sentence, and whether its start sits on a pause.
 */
import type { WarpingPath } from './dtw.ts';

/** Median distance of matched frames over all sentences: what a good match costs here. */
export function typicalDistance(paths: readonly WarpingPath[]): number {
  const all: number[] = [];
  for (const path of paths) for (const d of path.distances) all.push(d);
  if (all.length === 0) return 1;
  all.sort((a, b) => a - b);
  return Math.max(1e-6, all[Math.floor(all.length / 2)] as number);
}

/** Mean distance of the path's steps on reference rows [fromRow, toRow). */
export function meanDistance(path: WarpingPath, fromRow: number, toRow: number): number {
  let sum = 0;
  let n = 0;
  for (let s = 0; s < path.rows.length; s++) {
    const row = path.rows[s] as number;
    if (row >= fromRow && row < toRow) {
      sum += path.distances[s] as number;
      n++;
    }
  }
  return n === 0 ? Infinity : sum / n;
}

/** 0.9 for a typical match, 0.5 at 1.6 times the typical cost, near 0 beyond 2.5 times. */
export function matchConfidence(distance: number, typical: number): number {
  const ratio = distance / typical;
  return 1 / (1 + Math.exp(4 * (ratio - 1.6)));
}

/** 1 when coarse and fine agree within 0.1 s, falling as they part. */
export function agreementConfidence(coarseSeconds: number, fineSeconds: number): number {
  return Math.exp(-Math.max(0, Math.abs(coarseSeconds - fineSeconds) - 0.1) / 0.3);
}

export const clampConfidence = (c: number): number =>
  Math.round(Math.min(1, Math.max(0, c)) * 100) / 100;
