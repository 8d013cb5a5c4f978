import { Check, ChevronLeft, ChevronRight, Play, Square } from 'lucide-react';
import { memo, useCallback, type RefObject } from 'react';
import type { TranscriptSegment } from '#shared/transcript';
import { Badge } from '#client/components/ui/badge';
import { Button } from '#client/components/ui/button';
import { formatTimestamp } from '../../rules/labels';
import { sentenceWaiting, sentenceWaits } from '../../rules/review-queue';
import type { ReviewAction, ReviewSession } from '../../rules/review-session';
import { Kbd } from '../kbd';
import { ReviewGlosses } from './review-glosses';
import { ReviewLine } from './review-line';
import { ReviewTimings } from './review-timings';
import { ReviewTranslation } from './review-translation';

export interface ReviewSentenceProps {
  segment: TranscriptSegment;
  /** Its index in the transcript. */
  index: number;
  session: ReviewSession;
  audioRef: RefObject<HTMLAudioElement | null>;
  playing: boolean;
  typed: { text: string; id: number } | null;
  dispatch: (action: ReviewAction) => void;
  onReplay: () => void;
  onPlayWord: (segment: TranscriptSegment, word: number) => void;
  onFixTiming: (segment: number, word: number | null) => void;
}

/**
 * One sentence of the review: the Spanish line (played on arrival), its translation, its glosses,
 * its doubtful timings, and the actions, each with its key. The focus rests on the sentence, so
 * the keys act on it; the page reads it out on arrival (review-mode.tsx's live region). Memoised,
 * as its parts are: a key press re-renders what it changed.
 */
export const ReviewSentence = memo(function ReviewSentence({
  segment,
  index,
  session,
  audioRef,
  playing,
  typed,
  dispatch,
  onReplay,
  onPlayWord,
  onFixTiming,
}: ReviewSentenceProps) {
  const waiting = sentenceWaiting(segment);
  const waits = sentenceWaits(segment);
  const headingId = `review-sentence-${segment.id}`;
  const { panel } = session;

  const editTranslation = useCallback(() => dispatch({ type: 'edit-translation' }), [dispatch]);
  const keepTranslation = useCallback(
    (text: string) => dispatch({ type: 'keep-translation', text }),
    [dispatch],
  );
  const close = useCallback(() => dispatch({ type: 'close' }), [dispatch]);
  const changeGloss = useCallback(
    (number: number) => dispatch({ type: 'gloss', number }),
    [dispatch],
  );
  const chooseGloss = useCallback(
    (word: number, text: string) => dispatch({ type: 'set-gloss', word, text }),
    [dispatch],
  );
  const acceptTiming = useCallback(() => dispatch({ type: 'accept-timing' }), [dispatch]);
  const playWord = useCallback((word: number) => onPlayWord(segment, word), [onPlayWord, segment]);
  const fixTiming = useCallback(
    (word: number | null) => onFixTiming(index, word),
    [onFixTiming, index],
  );

  return (
    <article
      aria-labelledby={headingId}
      tabIndex={-1}
      data-review-focus=""
      className="space-y-5 rounded-2xl border border-line bg-surface p-4 shadow-sm shadow-ink/5 outline-none focus-visible:ring-2 focus-visible:ring-focus sm:p-6"
    >
      <header className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <h2 id={headingId} className="text-lg font-semibold">
          Sentence {index + 1}
        </h2>
        <span className="text-sm text-ink-muted tabular-nums">
          {formatTimestamp(segment.start)} – {formatTimestamp(segment.end)}
        </span>
        {waits ? null : (
          <Badge tone="beginner">
            <Check aria-hidden="true" className="size-3" />
            Nothing waits
          </Badge>
        )}
      </header>

      <div className="flex items-start gap-3">
        <Button
          variant="secondary"
          size="icon"
          className="mt-1 shrink-0"
          aria-label="Play the sentence again"
          aria-keyshortcuts="R"
          aria-pressed={playing}
          onClick={onReplay}
        >
          {playing ? (
            <Square aria-hidden="true" className="size-4" />
          ) : (
            <Play aria-hidden="true" className="size-4" />
          )}
        </Button>
        <ReviewLine segment={segment} audioRef={audioRef} playing={playing} />
      </div>

      <ReviewTranslation
        segment={segment}
        editing={panel?.kind === 'translation'}
        onEdit={editTranslation}
        onKeep={keepTranslation}
        onCancel={close}
      />

      <ReviewGlosses
        segment={segment}
        layout={session.layout}
        choosing={panel?.kind === 'gloss' ? panel.word : null}
        typed={typed}
        onChange={changeGloss}
        onChoose={chooseGloss}
        onClose={close}
      />

      {waiting.doubts.length > 0 ? (
        <ReviewTimings
          segment={segment}
          doubts={waiting.doubts}
          asked={session.approving && !waiting.translation && waiting.glosses.length === 0}
          onPlayWord={playWord}
          onAccept={acceptTiming}
          onFix={fixTiming}
        />
      ) : null}

      <div className="flex flex-wrap items-center gap-2 border-t border-line pt-4">
        <Button onClick={() => dispatch({ type: 'approve' })} aria-keyshortcuts="Enter">
          <Check aria-hidden="true" className="size-4" />
          {waits ? 'Approve sentence' : 'Go on'}
          <Kbd hint onAccent>
            Enter
          </Kbd>
        </Button>
        <div className="ml-auto flex gap-1">
          <Button
            variant="ghost"
            onClick={() => dispatch({ type: 'previous' })}
            disabled={session.position === 0}
            aria-keyshortcuts="ArrowLeft"
          >
            <ChevronLeft aria-hidden="true" className="size-4" />
            Previous
          </Button>
          <Button
            variant="ghost"
            onClick={() => dispatch({ type: 'next' })}
            aria-keyshortcuts="ArrowRight"
          >
            Next
            <ChevronRight aria-hidden="true" className="size-4" />
          </Button>
        </div>
      </div>
    </article>
  );
});
