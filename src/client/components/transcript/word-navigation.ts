import type { TranscriptIndex } from './transcript-index';

/**
 * The word a key moves to from word `w` (arrows: next and previous word, first word of the next
 * or current/previous line; Home and End), clamped to the transcript; null for any other key.
 */
export function wordForKey(index: TranscriptIndex, w: number, key: string): number | null {
  const s = index.wordSegment[w]!;
  let next: number;
  switch (key) {
    case 'ArrowRight':
      next = w + 1;
      break;
    case 'ArrowLeft':
      next = w - 1;
      break;
    case 'ArrowDown':
      next = firstWordAfterSegment(index, s);
      break;
    case 'ArrowUp':
      next = firstWordBeforeSegment(index, s, w);
      break;
    case 'Home':
      next = 0;
      break;
    case 'End':
      next = index.wordCount - 1;
      break;
    default:
      return null;
  }
  return Math.min(Math.max(next, 0), index.wordCount - 1);
}

function firstWordAfterSegment(index: TranscriptIndex, s: number): number {
  for (let next = s + 1; next < index.segments.length; next += 1) {
    if (index.segments[next]!.words.length > 0) return index.segmentFirstWord[next]!;
  }
  return index.wordCount - 1;
}

function firstWordBeforeSegment(index: TranscriptIndex, s: number, w: number): number {
  if (w > index.segmentFirstWord[s]!) return index.segmentFirstWord[s]!;
  for (let previous = s - 1; previous >= 0; previous -= 1) {
    if (index.segments[previous]!.words.length > 0) return index.segmentFirstWord[previous]!;
  }
  return 0;
}
