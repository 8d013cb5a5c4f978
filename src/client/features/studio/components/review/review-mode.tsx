import {
  useCallback,
  useEffectEvent,
  useLayoutEffect,
  useMemo,
  useRef,
  type RefObject,
} from 'react';
import type { Transcript, TranscriptSegment } from '#shared/transcript';
import { useReview, reviewPlayKey, type ReviewSaving } from '../../hooks/use-review';
import type { useSpanPlayer } from '../../hooks/use-span-player';
import { REVIEW_KEYS } from '../../rules/review-keys';
import { reviewCounts, segmentIndexOf, sentenceWaits } from '../../rules/review-queue';
import { KeyboardHelp } from '../keyboard-help';
import { ReviewBar } from './review-bar';
import { ReviewSentence } from './review-sentence';
import { ReviewSummary } from './review-summary';

export interface ReviewModeProps {
  transcript: Transcript;
  edit: (change: (transcript: Transcript) => Transcript) => void;
  audioRef: RefObject<HTMLAudioElement | null>;
  player: ReturnType<typeof useSpanPlayer>;
  saving: ReviewSaving & { version: number | null };
  previewHref: string;
  /** Opens the full editor at this sentence's timing (a word's, or the sentence's). */
  onFixTiming: (segment: number, word: number | null) => void;
  onEditor: () => void;
}

/**
 * Review mode (decision 047): the chapter's waiting sentences one at a time, for the keyboard.
 * Each arrival focuses the sentence, plays it, and then marks the stage
 * `data-review-ready="<segment id>"` ("summary" at the end): the signal a benchmark waits for.
 */
export function ReviewMode({
  transcript,
  edit,
  audioRef,
  player,
  saving,
  previewHref,
  onFixTiming,
  onEditor,
}: ReviewModeProps) {
  const review = useReview({ transcript, edit, play: player.play, stop: player.stop, saving });
  const { session, here, typed, dispatch, replay, playOnArrival, saveNow } = review;
  const stage = useRef<HTMLElement>(null);
  const bar = useRef<HTMLDivElement>(null);
  /** Where the window was scrolled to for the last sentence (see bringIntoView). */
  const placedAt = useRef<number | null>(null);

  const counts = useMemo(() => reviewCounts(transcript), [transcript]);
  const reviewed = useMemo(
    () =>
      session.queue.filter((id) => {
        const segment = transcript.segments[segmentIndexOf(transcript, id)];
        return segment !== undefined && !sentenceWaits(segment);
      }).length,
    [session.queue, transcript],
  );
  const playing = here !== null && player.playing?.key === reviewPlayKey(here.segment.id);
  const { play } = player;
  const playWord = useCallback(
    (segment: TranscriptSegment, word: number) => {
      const item = segment.words[word];
      if (item) play({ key: `review-word:${item.id}`, start: item.start, end: item.end });
    },
    [play],
  );

  const arrive = useEffectEvent(() => {
    const element = stage.current;
    if (!element) return;
    const sentence = element.querySelector<HTMLElement>('[data-review-focus]');
    if (sentence) {
      sentence.focus({ preventScroll: true });
      // At the next frame, when the browser lays the page out anyway: reading the layout now would
      // make it lay out twice before this sentence is painted.
      const stickyBar = bar.current;
      requestAnimationFrame(() => {
        placedAt.current = bringIntoView(sentence, stickyBar, placedAt.current);
      });
    }
    // Started already when a key led here (use-review.ts); on opening the review, here.
    if (here) playOnArrival();
    element.dataset.reviewReady = here ? here.segment.id : 'summary';
  });
  useLayoutEffect(() => arrive(), [session.visit]);

  // A closed editor or chooser gives the focus back to the sentence, where the keys act.
  const refocus = useEffectEvent(() => {
    const element = stage.current;
    if (!element || session.panel !== null) return;
    if (document.activeElement === document.body || !element.contains(document.activeElement)) {
      element.querySelector<HTMLElement>('[data-review-focus]')?.focus();
    }
  });
  useLayoutEffect(() => refocus(), [session.panel]);

  return (
    <div className="space-y-4">
      <ReviewBar
        ref={bar}
        counts={counts}
        reviewed={reviewed}
        total={session.queue.length}
        approved={session.approved}
        running={here !== null}
        dirty={saving.dirty}
        saving={saving.saving}
        version={saving.version}
        onSave={saveNow}
      />
      <div className="@container">
        <div className="grid items-start gap-6 @4xl:grid-cols-[minmax(0,1fr)_19rem]">
          <section ref={stage} aria-label="Review" className="min-w-0">
            {here ? (
              <ReviewSentence
                segment={here.segment}
                index={here.index}
                session={session}
                audioRef={audioRef}
                playing={playing}
                typed={typed}
                dispatch={dispatch}
                onReplay={replay}
                onPlayWord={playWord}
                onFixTiming={onFixTiming}
              />
            ) : (
              <ReviewSummary
                counts={counts}
                approved={session.approved}
                dirty={saving.dirty}
                saving={saving.saving}
                version={saving.version}
                previewHref={previewHref}
                onSave={saveNow}
                onRestart={() => dispatch({ type: 'restart' })}
                onBack={() => dispatch({ type: 'previous' })}
                onEditor={onEditor}
              />
            )}
          </section>
          <aside aria-label="Review keys">
            <KeyboardHelp
              title="Review keys"
              intro="The keys act on the sentence shown; they wait while you type in a field."
              keys={REVIEW_KEYS}
            />
          </aside>
        </div>
      </div>
      <p role="status" className="sr-only">
        {session.announcement}
      </p>
    </div>
  );
}

/**
 * Puts the sentence's top just under the sticky review bar (where the bar sits once stuck),
 * unless it is already in sight in the upper half of the window: each sentence arrives in the
 * same place, never hidden under the bar. Returns where the window is scrolled to then; while it
 * is still there (nobody scrolled), the next sentence starts at the same place, so the layout is
 * not read again (reading it forces the browser to lay the page out an extra time).
 */
function bringIntoView(
  sentence: HTMLElement,
  stickyBar: HTMLElement | null,
  placedAt: number | null,
): number | null {
  if (!sentence.isConnected) return placedAt;
  if (placedAt !== null && window.scrollY === placedAt) return placedAt;
  const stuckAt = stickyBar ? Number.parseFloat(getComputedStyle(stickyBar).top) : 0;
  const below = (Number.isFinite(stuckAt) ? stuckAt : 0) + (stickyBar?.offsetHeight ?? 0) + 12;
  const top = sentence.getBoundingClientRect().top;
  if (top < below || top > window.innerHeight / 2) {
    window.scrollTo({ top: window.scrollY + top - below });
  }
  return window.scrollY;
}
