import { COVER_ASPECT } from '#shared/discover/images';

/** Within 2 % of 4:3 nothing visible is cut (an 800 × 600 or 1024 × 770 image). */
const TOLERANCE = 0.02;

/**
 * What the wizard says under a cover's preview about the part learners do not see: every page
 * shows a cover at 4:3 (COVER_ASPECT), cut around its centre. Null for an image of that shape or
 * one whose size is unknown.
 */
export function coverCropNote(width: number, height: number): string | null {
  if (!(width > 0 && height > 0)) return null;
  const ratio = width / height;
  if (Math.abs(ratio / COVER_ASPECT - 1) <= TOLERANCE) return null;
  if (ratio > COVER_ASPECT) {
    const shown = Math.round((COVER_ASPECT / ratio) * 100);
    return `This image is wider than 4:3: learners see it as above, its sides cut off (${shown}% of its width shown).`;
  }
  const shown = Math.round((ratio / COVER_ASPECT) * 100);
  return `This image is taller than 4:3: learners see it as above, its top and bottom cut off (${shown}% of its height shown).`;
}
