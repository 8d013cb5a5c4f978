import { Check, ChevronDown, Play, Square } from 'lucide-react';
import { memo, useId, type ReactNode } from 'react';
import type { TranscriptSegment } from '#shared/transcript';
import { Badge } from '#client/components/ui/badge';
import { Button } from '#client/components/ui/button';
import { Field } from '#client/components/ui/field';
import { Textarea } from '#client/components/ui/input';
import { cn } from '#client/lib/cn';
import { isDoubtful } from '../rules/doubtful';
import { formatConfidence, formatTimestamp } from '../rules/labels';
import { glossesWaiting } from '#shared/studio/translation-summary';
import { TextSourceMark } from './text-source-mark';

/** The id of a sentence's timing panel (the page renders it inside the open card). */
export const timingPanelId = (index: number) => `studio-timing-${index}`;

/** What every sentence card may do; the page passes the same functions to all of them. */
export interface SentenceActions {
  setTranslation: (segment: number, text: string) => void;
  approveTranslation: (segment: number) => void;
  approveAllGlosses: (segment: number) => void;
  toggleOpen: (segment: number) => void;
  playSentence: (segment: number) => void;
}

export interface SentenceCardProps {
  segment: TranscriptSegment;
  index: number;
  open: boolean;
  playing: boolean;
  actions: SentenceActions;
  /** The open sentence's timing panel. */
  children?: ReactNode;
}

/**
 * One sentence: its Spanish text as written, its translation (edit, approve), its words with
 * their glosses, and — when open — its timing panel. Memoised: an edit re-renders its own card.
 */
export const SentenceCard = memo(function SentenceCard({
  segment,
  index,
  open,
  playing,
  actions,
  children,
}: SentenceCardProps) {
  const ids = useId();
  const number = index + 1;
  const machineGlosses = segment.words.filter(
    (word) => word.glossSource === 'machine' && word.gloss?.trim(),
  ).length;
  const glossesToApprove = glossesWaiting(segment).filter(Boolean).length;
  const translationPending = segment.translationSource === 'machine' && segment.translation?.trim();

  return (
    <article
      aria-labelledby={`${ids}-heading`}
      className={cn(
        '@container rounded-2xl border bg-surface p-4 shadow-sm shadow-ink/5 [contain-intrinsic-size:auto_14rem] [content-visibility:auto] sm:p-5',
        open ? 'border-accent/60 ring-2 ring-accent-soft' : 'border-line',
      )}
    >
      <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
        <h3 id={`${ids}-heading`} className="text-sm font-semibold text-ink-muted">
          Sentence {number}
        </h3>
        <span className="text-xs text-ink-muted tabular-nums">
          {formatTimestamp(segment.start)} – {formatTimestamp(segment.end)}
        </span>
        {isDoubtful(segment.confidence) ? (
          <Badge tone="advanced" title="The aligner’s confidence in this sentence’s timing">
            Doubtful timing · {formatConfidence(segment.confidence)}
          </Badge>
        ) : null}
        <div className="ml-auto flex gap-2">
          <Button
            variant="ghost"
            size="sm"
            aria-pressed={playing}
            onClick={() => actions.playSentence(index)}
          >
            {playing ? (
              <Square aria-hidden="true" className="size-4" />
            ) : (
              <Play aria-hidden="true" className="size-4" />
            )}
            Play sentence
          </Button>
          <Button
            variant={open ? 'primary' : 'secondary'}
            size="sm"
            aria-expanded={open}
            aria-controls={open ? timingPanelId(index) : undefined}
            onClick={() => actions.toggleOpen(index)}
          >
            Words and timing
            <ChevronDown
              aria-hidden="true"
              className={cn('size-4 transition-transform', open && 'rotate-180')}
            />
          </Button>
        </div>
      </div>

      <p lang="es" className="mt-2 font-serif text-lg leading-relaxed whitespace-pre-wrap text-ink">
        {segment.text}
      </p>

      <div className="mt-3 flex flex-col gap-2 @2xl:flex-row @2xl:items-start">
        <Field label="English translation" className="min-w-0 flex-1">
          <Textarea
            rows={2}
            value={segment.translation ?? ''}
            onChange={(event) => actions.setTranslation(index, event.target.value)}
            className="resize-y"
          />
        </Field>
        <div className="flex items-center gap-2 @2xl:pt-7">
          <TextSourceMark
            text={segment.translation}
            source={segment.translationSource}
            origin={segment.translationOrigin}
          />
          {translationPending ? (
            <Button variant="secondary" size="sm" onClick={() => actions.approveTranslation(index)}>
              <Check aria-hidden="true" className="size-4" />
              Approve translation
            </Button>
          ) : null}
        </div>
      </div>

      {open ? (
        children
      ) : segment.words.length > 0 ? (
        <ul aria-label="Words and glosses" className="mt-3 flex flex-wrap gap-x-4 gap-y-2">
          {segment.words.map((word) => (
            <li key={word.id} className="flex flex-col leading-tight">
              <span lang="es" className="text-sm font-medium">
                {word.text}
              </span>
              <span
                className={cn(
                  'text-xs',
                  !word.gloss?.trim()
                    ? 'text-ink-muted'
                    : word.glossSource === 'machine'
                      ? 'text-level-intermediate-ink italic'
                      : 'text-ink-muted',
                )}
              >
                {word.gloss?.trim() ? word.gloss : '—'}
                <span className="sr-only">
                  {!word.gloss?.trim()
                    ? ' (no gloss)'
                    : word.glossSource === 'machine'
                      ? ' (machine)'
                      : ''}
                </span>
              </span>
            </li>
          ))}
        </ul>
      ) : null}

      {segment.words.length > 0 ? (
        <div className="mt-3 flex flex-wrap items-center gap-3 text-sm text-ink-muted">
          <span>
            {glossesToApprove === 0
              ? 'Every gloss approved'
              : `${glossesToApprove} of ${segment.words.length} glosses to approve`}
          </span>
          {machineGlosses > 0 ? (
            <Button variant="ghost" size="sm" onClick={() => actions.approveAllGlosses(index)}>
              <Check aria-hidden="true" className="size-4" />
              Approve all glosses
            </Button>
          ) : null}
        </div>
      ) : null}
    </article>
  );
});
