import { Check, CircleAlert, Play, Square } from 'lucide-react';
import type { TranscriptWord } from '#shared/transcript';
import { Badge } from '#client/components/ui/badge';
import { Button } from '#client/components/ui/button';
import { Input } from '#client/components/ui/input';
import { cn } from '#client/lib/cn';
import { isDoubtful } from '../rules/doubtful';
import { doubtfulWordText, formatConfidence, formatTimestamp } from '../rules/labels';
import { TextSourceMark } from './text-source-mark';

export interface WordRowsProps {
  sentenceNumber: number;
  words: readonly TranscriptWord[];
  labels: readonly string[];
  selectedWord: number | null;
  playingWord: number | null;
  onSelectWord: (index: number) => void;
  onPlayWord: (index: number) => void;
  onGlossChange: (index: number, gloss: string) => void;
  onApproveGloss: (index: number) => void;
  onAcceptTiming: (index: number) => void;
  /** The id of a doubtful word's explanation (its start on the waveform is described by it too). */
  doubtIdOf: (index: number) => string;
}

/**
 * Each word of the open sentence: play it, its start, its gloss (edit, approve), its doubt and why
 * (accept it). A row carries its word's index (`data-word`): T pressed in it accepts that word.
 */
export function WordRows({
  sentenceNumber,
  words,
  labels,
  selectedWord,
  playingWord,
  onSelectWord,
  onPlayWord,
  onGlossChange,
  onApproveGloss,
  onAcceptTiming,
  doubtIdOf,
}: WordRowsProps) {
  return (
    <ol aria-label={`Words of sentence ${sentenceNumber}`} className="divide-y divide-line">
      {words.map((word, index) => {
        const label = labels[index]!;
        const playing = playingWord === index;
        const doubtful = isDoubtful(word.confidence);
        return (
          <li
            key={word.id}
            data-word={index}
            className={cn(
              // Laid out by the panel's width (a container query), not the window's: the admin
              // sidebar and the page's side column take their share first.
              'grid grid-cols-[2rem_minmax(0,1fr)_auto] items-center gap-x-2 gap-y-1.5 px-2 py-2',
              '@md:grid-cols-[2rem_minmax(3.5rem,7rem)_5rem_minmax(0,1fr)] @md:gap-x-3',
              '@2xl:grid-cols-[2rem_minmax(5rem,8rem)_5.5rem_minmax(9rem,1fr)_14.5rem]',
              index === selectedWord && 'rounded-lg bg-accent-soft/50',
            )}
          >
            <Button
              variant="ghost"
              size="icon"
              className="size-8"
              aria-label={`Play word ${label}`}
              aria-pressed={playing}
              onClick={() => onPlayWord(index)}
            >
              {playing ? (
                <Square aria-hidden="true" className="size-3.5" />
              ) : (
                <Play aria-hidden="true" className="size-3.5" />
              )}
            </Button>
            <button
              type="button"
              lang="es"
              onClick={() => onSelectWord(index)}
              className="min-w-0 truncate rounded text-left font-medium focus-visible:outline-2 focus-visible:outline-focus"
              aria-label={`Select ${label} on the waveform`}
              title={word.text}
            >
              {word.text}
            </button>
            <span className="text-xs text-ink-muted tabular-nums @md:text-sm">
              {formatTimestamp(word.start)}
            </span>
            <Input
              aria-label={`Gloss of ${label}`}
              value={word.gloss ?? ''}
              onChange={(event) => onGlossChange(index, event.target.value)}
              className="col-span-full h-9 text-sm @md:col-span-1"
            />
            <div className="col-span-full flex flex-wrap items-center gap-2 @md:justify-end @2xl:col-span-1">
              {isDoubtful(word.confidence) ? (
                <>
                  <Badge tone="advanced" title="The aligner’s confidence in this word’s timing">
                    Doubtful · {formatConfidence(word.confidence)}
                  </Badge>
                  <Button
                    variant="ghost"
                    size="sm"
                    className="h-8 px-3"
                    aria-label={`Accept timing of ${label}`}
                    aria-describedby={doubtIdOf(index)}
                    onClick={(event) => {
                      // The button goes with the doubt: the focus stays in the row, on its Play.
                      const row = event.currentTarget.closest('li');
                      onAcceptTiming(index);
                      row?.querySelector('button')?.focus();
                    }}
                  >
                    <Check aria-hidden="true" className="size-3.5" />
                    Accept
                  </Button>
                </>
              ) : null}
              <TextSourceMark
                text={word.gloss}
                source={word.glossSource}
                origin={word.glossOrigin}
              />
              {word.glossSource === 'machine' && word.gloss?.trim() ? (
                <Button
                  variant="secondary"
                  size="sm"
                  className="h-8 px-3"
                  aria-label={`Approve gloss of ${label}`}
                  onClick={() => onApproveGloss(index)}
                >
                  <Check aria-hidden="true" className="size-3.5" />
                  Approve
                </Button>
              ) : null}
            </div>
            {doubtful ? (
              <p
                id={doubtIdOf(index)}
                className="col-span-full flex items-start gap-1.5 text-xs text-level-advanced-ink"
              >
                <CircleAlert aria-hidden="true" className="mt-px size-3.5 shrink-0" />
                {doubtfulWordText(word.timingDoubt)}
              </p>
            ) : null}
          </li>
        );
      })}
    </ol>
  );
}
