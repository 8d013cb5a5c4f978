import type { UnreviewedCounts } from '../contracts/publishing.ts';
import type { Transcript } from '../transcript.ts';
import { isDoubtful } from './doubtful.ts';
import { glossesWaiting } from './translation-summary.ts';
import { NOTHING_UNREVIEWED } from './unreviewed-counts.ts';

/**
 * What of a transcript no person has reviewed (decision 043): the studio's rules of what waits
 * (translation-summary.ts) split into machine-made text learners would see marked and text that
 * is missing, and the aligner's doubtful timings. Publishing lists it and asks for a confirmation.
 */

const blank = (text: string | undefined) => !text?.trim();

export function unreviewedCounts(transcript: Transcript): UnreviewedCounts {
  const counts = { ...NOTHING_UNREVIEWED };
  for (const segment of transcript.segments) {
    if (blank(segment.translation)) counts.missingTranslations += 1;
    else if (segment.translationSource === 'machine') counts.machineTranslations += 1;
    if (isDoubtful(segment.confidence)) counts.doubtfulTimings += 1;
    const waiting = glossesWaiting(segment);
    segment.words.forEach((word, index) => {
      if (isDoubtful(word.confidence)) counts.doubtfulTimings += 1;
      if (!waiting[index]) return;
      if (word.glossSource === 'machine' && !blank(word.gloss)) counts.machineGlosses += 1;
      else counts.missingGlosses += 1;
    });
  }
  return counts;
}
