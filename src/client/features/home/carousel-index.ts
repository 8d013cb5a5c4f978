/** The index `step` slides away from `index`, wrapping around at both ends. */
export function wrapIndex(index: number, step: number, count: number): number {
  if (count <= 0) return 0;
  return (((index + step) % count) + count) % count;
}

/** What a key does in the carousel: move by one, jump to an end, or nothing. */
export function carouselKeyTarget(key: string, index: number, count: number): number | null {
  switch (key) {
    case 'ArrowRight':
      return wrapIndex(index, 1, count);
    case 'ArrowLeft':
      return wrapIndex(index, -1, count);
    case 'Home':
      return 0;
    case 'End':
      return Math.max(0, count - 1);
    default:
      return null;
  }
}
