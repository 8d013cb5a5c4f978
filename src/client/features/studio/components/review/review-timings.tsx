import { Check, Play, Wrench } from 'lucide-react';
import type { TranscriptSegment } from '#shared/transcript';
import { Button } from '#client/components/ui/button';
import { cn } from '#client/lib/cn';
import { memo, useMemo } from 'react';
import {
  asSentence,
  formatConfidence,
  sentenceDoubtReason,
  timingDoubtReason,
  wordLabels,
} from '../../rules/labels';
import type { TimingDoubt } from '../../rules/review-queue';
import { Kbd } from '../kbd';
import { SectionHeading } from './section-heading';

export interface ReviewTimingsProps {
  segment: TranscriptSegment;
  doubts: readonly TimingDoubt[];
  /** Enter was pressed and only these timings keep the sentence: they are what is asked now. */
  asked: boolean;
  onPlayWord: (word: number) => void;
  onAccept: () => void;
  onFix: (word: number | null) => void;
}

/**
 * The sentence's doubtful timings, in the order T accepts them, each with why the aligner doubts
 * it; each can be heard alone, and one that is wrong is fixed in the full editor's timing panel.
 */
export const ReviewTimings = memo(function ReviewTimings({
  segment,
  doubts,
  asked,
  onPlayWord,
  onAccept,
  onFix,
}: ReviewTimingsProps) {
  const labels = useMemo(() => wordLabels(segment.words), [segment.words]);
  return (
    <section
      aria-labelledby={`${segment.id}-timing`}
      className={cn(
        'rounded-xl border px-3 py-2.5',
        asked
          ? 'border-level-advanced-ink/50 bg-level-advanced/60 ring-2 ring-level-advanced'
          : 'border-line',
      )}
    >
      <SectionHeading id={`${segment.id}-timing`}>Doubtful timing ({doubts.length})</SectionHeading>
      {asked ? (
        <p className="mt-1 text-sm font-medium text-level-advanced-ink">
          The text is approved. Is this timing right? Listen, then accept it (T) or fix it.
        </p>
      ) : null}
      <ul className="mt-1 divide-y divide-line">
        {doubts.map((doubt, index) => {
          const name = doubt.kind === 'word' ? labels[doubt.word]! : 'The whole sentence';
          const word = doubt.kind === 'word' ? doubt.word : null;
          const why = asSentence(
            doubt.kind === 'word' ? timingDoubtReason(doubt.reason) : sentenceDoubtReason,
          );
          const whyId = `${segment.id}-timing-${word ?? 'sentence'}`;
          return (
            <li
              key={word ?? 'sentence'}
              className="flex flex-wrap items-center gap-x-3 gap-y-1.5 py-2"
            >
              <span lang={word === null ? undefined : 'es'} className="font-medium">
                {name}
              </span>
              <span className="text-sm text-ink-muted tabular-nums">
                {formatConfidence(doubt.confidence)} confidence
              </span>
              <span id={whyId} className="order-last basis-full text-sm text-level-advanced-ink">
                {why}
              </span>
              <span className="ml-auto flex flex-wrap gap-1.5">
                {word !== null ? (
                  <Button
                    variant="ghost"
                    size="sm"
                    className="h-8 px-3"
                    aria-label={`Play ${name}`}
                    onClick={() => onPlayWord(word)}
                  >
                    <Play aria-hidden="true" className="size-3.5" />
                    Play
                  </Button>
                ) : null}
                {index === 0 ? (
                  <Button
                    variant="secondary"
                    size="sm"
                    className="h-8 px-3"
                    aria-keyshortcuts="T"
                    aria-describedby={whyId}
                    aria-label={
                      word === null
                        ? 'Accept the sentence’s timing'
                        : `Accept the timing of ${name}`
                    }
                    onClick={onAccept}
                  >
                    <Check aria-hidden="true" className="size-3.5" />
                    Accept
                    <Kbd hint>T</Kbd>
                  </Button>
                ) : null}
                <Button
                  variant="ghost"
                  size="sm"
                  className="h-8 px-3"
                  aria-label={
                    word === null
                      ? 'Fix the sentence’s timing in the editor'
                      : `Fix the timing of ${name} in the editor`
                  }
                  onClick={() => onFix(word)}
                >
                  <Wrench aria-hidden="true" className="size-3.5" />
                  Fix
                </Button>
              </span>
            </li>
          );
        })}
      </ul>
    </section>
  );
});
