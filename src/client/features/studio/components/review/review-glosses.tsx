import { memo, useMemo } from 'react';
import type { TranscriptSegment } from '#shared/transcript';
import { Button } from '#client/components/ui/button';
import { cn } from '#client/lib/cn';
import { wordLabels } from '../../rules/labels';
import { numberedWords, type GlossLayout } from '../../rules/review-queue';
import { Kbd } from '../kbd';
import { TextSourceMark } from '../text-source-mark';
import { GlossChooser } from './gloss-chooser';
import { SectionHeading } from './section-heading';

export interface ReviewGlossesProps {
  segment: TranscriptSegment;
  layout: GlossLayout;
  /** The word whose other senses are open, if any. */
  choosing: number | null;
  typed: { text: string; id: number } | null;
  onChange: (number: number) => void;
  onChoose: (word: number, gloss: string) => void;
  onClose: () => void;
}

/**
 * The sentence's glosses, numbered for the keys: those worth a look in full, the obvious ones
 * compactly (approved with the sentence all the same), or — when none waited — all of them.
 */
export const ReviewGlosses = memo(function ReviewGlosses({
  segment,
  layout,
  choosing,
  typed,
  onChange,
  onChoose,
  onClose,
}: ReviewGlossesProps) {
  const labels = useMemo(() => wordLabels(segment.words), [segment.words]);
  const numbers = useMemo(() => {
    const byWord = new Map<number, number>();
    numberedWords(layout).forEach((word, index) => byWord.set(word, index + 1));
    return byWord;
  }, [layout]);

  const chooser = (word: number) =>
    choosing === word ? (
      <GlossChooser
        word={segment.words[word]!}
        label={labels[word]!}
        typed={typed}
        onChoose={(gloss) => onChoose(word, gloss)}
        onClose={onClose}
      />
    ) : null;

  const row = (word: number) => {
    const item = segment.words[word]!;
    const number = numbers.get(word)!;
    return (
      <li key={item.id} className="py-2">
        <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
          {number <= 9 ? (
            <Kbd showFrom="sm">{String(number)}</Kbd>
          ) : (
            <span aria-hidden="true" className="hidden w-7 sm:inline-block" />
          )}
          <span lang="es" className="font-medium text-ink">
            {item.text}
          </span>
          <span aria-hidden="true" className="text-ink-muted">
            →
          </span>
          <span className={cn('min-w-0', item.gloss?.trim() ? 'text-ink' : 'text-ink-muted')}>
            {item.gloss?.trim() ? item.gloss : 'no gloss'}
          </span>
          {/* Together: beside the gloss when there is room, else on a line of their own. */}
          <span className="flex flex-1 items-center justify-between gap-2">
            <TextSourceMark text={item.gloss} source={item.glossSource} origin={item.glossOrigin} />
            <Button
              variant="ghost"
              size="sm"
              className="h-8 px-3"
              aria-label={`Change gloss of ${labels[word]}`}
              aria-keyshortcuts={number <= 9 ? String(number) : undefined}
              aria-expanded={choosing === word}
              onClick={() => onChange(number)}
            >
              {item.gloss?.trim() ? 'Wrong?' : 'Add'}
            </Button>
          </span>
        </div>
        {chooser(word)}
      </li>
    );
  };

  const chip = (word: number) => {
    const item = segment.words[word]!;
    const number = numbers.get(word)!;
    return (
      <li key={item.id}>
        <button
          type="button"
          aria-label={`Change gloss of ${labels[word]}: ${item.gloss ?? 'no gloss'}`}
          aria-keyshortcuts={number <= 9 ? String(number) : undefined}
          aria-expanded={choosing === word}
          onClick={() => onChange(number)}
          className="inline-flex items-baseline gap-1.5 rounded-full border border-line px-2.5 py-1 text-sm hover:bg-surface-muted focus-visible:outline-2 focus-visible:outline-focus"
        >
          {number <= 9 ? (
            <span aria-hidden="true" className="font-mono text-xs text-ink-muted">
              {number}
            </span>
          ) : null}
          <span lang="es" className="font-medium">
            {item.text}
          </span>
          <span className="text-ink-muted">{item.gloss}</span>
        </button>
      </li>
    );
  };
  const chosenChip = [...layout.obvious, ...layout.approved].find((word) => word === choosing);

  return (
    <div className="space-y-3">
      {layout.check.length > 0 ? (
        <section aria-labelledby={`${segment.id}-check`}>
          <SectionHeading id={`${segment.id}-check`}>
            Glosses to check ({layout.check.length})
          </SectionHeading>
          <ol className="divide-y divide-line">{layout.check.map(row)}</ol>
        </section>
      ) : null}
      {layout.obvious.length > 0 || layout.approved.length > 0 ? (
        <section aria-labelledby={`${segment.id}-more`}>
          <SectionHeading id={`${segment.id}-more`}>
            {layout.obvious.length > 0
              ? `Obvious glosses, approved with the sentence (${layout.obvious.length})`
              : `Glosses (${layout.approved.length}), all approved`}
          </SectionHeading>
          <ul className="mt-2 flex flex-wrap gap-1.5">
            {(layout.obvious.length > 0 ? layout.obvious : layout.approved).map(chip)}
          </ul>
          {chosenChip !== undefined ? chooser(chosenChip) : null}
        </section>
      ) : null}
      {layout.check.length === 0 && layout.obvious.length === 0 && layout.approved.length === 0 ? (
        <p className="text-sm text-ink-muted">No glosses in this sentence.</p>
      ) : null}
    </div>
  );
});
