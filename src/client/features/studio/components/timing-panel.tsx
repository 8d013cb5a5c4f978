import { Check, Hand, RefreshCw, Square } from 'lucide-react';
import { useEffect, useMemo, useRef, useState, type RefObject } from 'react';
import type { Waveform } from '#shared/contracts/studio';
import type { Transcript } from '#shared/transcript';
import { Button } from '#client/components/ui/button';
import { FormAlert } from '#client/components/ui/form-alert';
import { Spinner } from '#client/components/ui/spinner';
import { keyTargetOf } from '../hooks/key-target';
import { isDoubtful } from '../rules/doubtful';
import { isAcceptTimingKey } from '../rules/editor-keys';
import { asSentence, formatConfidence, sentenceDoubtReason, wordLabels } from '../rules/labels';
import { sentenceWindow, type TimeWindow } from '../rules/waveform-geometry';
import { startBounds, type WordRef } from '../rules/word-timing';
import type { Refusal } from '../rules/refusal';
import { WaveformView, type ContextWord } from './waveform-view';
import { WordRows } from './word-rows';

/** What the page lets the timing panel do to its sentence (indices are the sentence's words). */
export interface TimingActions {
  nudge: (ref: WordRef, deltaSeconds: number) => void;
  move: (ref: WordRef, seconds: number) => void;
  setGloss: (ref: WordRef, gloss: string) => void;
  approveGloss: (ref: WordRef) => void;
  /**
   * Accept a doubtful timing in sentence `segment`: the word's (`word`) when it is doubtful, else
   * the sentence's. `then`: stay (the buttons), or go on to the next doubtful place (the T key).
   */
  acceptTiming: (segment: number, word: number | null, then: 'stay' | 'next') => void;
  playWord: (ref: WordRef) => void;
  playFrom: (seconds: number, until: number) => void;
  startTapAlong: (segment: number) => void;
  stopTapAlong: () => void;
  realign: (segment: number) => void;
}

export interface TimingPanelProps {
  id: string;
  transcript: Transcript;
  segmentIndex: number;
  durationSeconds: number | null;
  waveform: { data: Waveform | undefined; isError: boolean };
  actions: TimingActions;
  audioRef: RefObject<HTMLAudioElement | null>;
  /** The key of the span playing, if any ("w:<segment id>:<word id>" for a word). */
  playingKey: string | null;
  tapAwaited: WordRef | null;
  realigning: boolean;
  realignRefusal: Refusal | null;
  /** Focus this word's start when it changes (Next doubtful); `id` makes each request new. */
  focusRequest: { word: number; id: number } | null;
}

/** Neighbouring sentences' words inside the window, so the boundaries around are in sight. */
function contextWordsOf(transcript: Transcript, segmentIndex: number, shown: TimeWindow) {
  const words: ContextWord[] = [];
  for (const index of [segmentIndex - 1, segmentIndex + 1]) {
    const segment = transcript.segments[index];
    for (const word of segment?.words ?? []) {
      if (word.start >= shown.start && word.start <= shown.end) {
        words.push({
          key: `${segment!.id}:${word.id}`,
          start: word.start,
          end: word.end,
          text: word.text,
        });
      }
    }
  }
  return words;
}

/**
 * The open sentence's timing and glosses: tap-along, re-align, the waveform with its word starts,
 * and each word's row. The waveform's window is fixed when the sentence opens (the page keys
 * this panel by sentence), so it does not slide under a boundary being dragged.
 */
export function TimingPanel({
  id,
  transcript,
  segmentIndex,
  durationSeconds,
  waveform,
  actions,
  audioRef,
  playingKey,
  tapAwaited,
  realigning,
  realignRefusal,
  focusRequest,
}: TimingPanelProps) {
  const segment = transcript.segments[segmentIndex]!;
  const number = segmentIndex + 1;
  const labels = useMemo(() => wordLabels(segment.words), [segment.words]);
  const [shown] = useState<TimeWindow>(() =>
    sentenceWindow(segment, durationSeconds ?? segment.end),
  );
  const [selectedWord, setSelectedWord] = useState<number | null>(null);
  const handleRefs = useRef<Array<HTMLDivElement | null>>([]);
  const tapping = tapAwaited !== null;
  const awaitedHere = tapAwaited?.segment === segmentIndex ? tapAwaited.word : null;

  // Tap-along moving on to the next sentence replaces this panel: its Stop button takes the
  // focus the previous panel's had, rather than leaving it on the page's body.
  const stopButton = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (tapping && document.activeElement === document.body) stopButton.current?.focus();
  }, [tapping]);

  const waveformShown = waveform.data !== undefined;
  useEffect(() => {
    // Again once the waveform arrives: the handles exist only then.
    if (!focusRequest) return;
    const handle = handleRefs.current[focusRequest.word];
    handle?.focus();
    handle?.scrollIntoView?.({ block: 'center', behavior: 'smooth' });
  }, [focusRequest, waveformShown]);

  const playingWord = segment.words.findIndex(
    (word) => playingKey === `w:${segment.id}:${word.id}`,
  );
  const ref = (word: number): WordRef => ({ segment: segmentIndex, word });
  const doubtIdOf = (word: number) => `${id}-doubt-${word}`;
  const realignButton = useRef<HTMLButtonElement>(null);

  return (
    <div
      id={id}
      className="@container mt-4 space-y-3 rounded-xl border border-line bg-canvas p-3 sm:p-4"
      // T on a word's start or in its row accepts that word's doubtful timing (else the
      // sentence's) and goes on to the next doubtful place, as Next doubtful would.
      onKeyDown={(event) => {
        if (!isAcceptTimingKey(event.nativeEvent, keyTargetOf(event.target))) return;
        const word = (event.target as HTMLElement).closest<HTMLElement>('[data-word]');
        event.preventDefault();
        actions.acceptTiming(segmentIndex, word ? Number(word.dataset.word) : null, 'next');
      }}
    >
      <div className="flex flex-wrap items-center gap-2">
        {tapping ? (
          <Button ref={stopButton} size="sm" onClick={actions.stopTapAlong}>
            <Square aria-hidden="true" className="size-4" />
            Stop tap-along
          </Button>
        ) : (
          <Button
            variant="secondary"
            size="sm"
            disabled={durationSeconds === null || segment.words.length === 0}
            onClick={() => actions.startTapAlong(segmentIndex)}
          >
            <Hand aria-hidden="true" className="size-4" />
            Start tap-along
          </Button>
        )}
        <Button
          ref={realignButton}
          variant="secondary"
          size="sm"
          disabled={durationSeconds === null || realigning || tapping}
          aria-busy={realigning}
          onClick={() => actions.realign(segmentIndex)}
        >
          <RefreshCw aria-hidden="true" className={realigning ? 'size-4 animate-spin' : 'size-4'} />
          {realigning ? 'Re-aligning…' : 'Re-align sentence'}
        </Button>
        {isDoubtful(segment.confidence) ? (
          <>
            <Button
              variant="ghost"
              size="sm"
              aria-describedby={`${id}-sentence-doubt`}
              onClick={() => {
                actions.acceptTiming(segmentIndex, null, 'stay');
                // The button goes with the doubt: the focus stays beside it.
                realignButton.current?.focus();
              }}
            >
              <Check aria-hidden="true" className="size-4" />
              Accept sentence timing ({formatConfidence(segment.confidence)})
            </Button>
            <p id={`${id}-sentence-doubt`} className="basis-full text-xs text-level-advanced-ink">
              {asSentence(sentenceDoubtReason)}
            </p>
          </>
        ) : null}
      </div>

      {tapping ? (
        <p
          role="status"
          className="rounded-lg bg-accent-soft px-3 py-2 text-sm text-accent-soft-ink"
        >
          Tap-along: press <kbd className="font-mono font-semibold">Space</kbd> or{' '}
          <kbd className="font-mono font-semibold">J</kbd> as each word begins; Esc stops.
          {awaitedHere !== null ? (
            <>
              {' '}
              Next: <strong lang="es">{segment.words[awaitedHere]?.text}</strong>
            </>
          ) : null}
        </p>
      ) : null}

      {durationSeconds === null ? (
        <p className="text-sm text-ink-muted">
          This chapter has no audio, so its timing cannot be edited.
        </p>
      ) : waveform.data ? (
        <WaveformView
          waveform={waveform.data}
          window={shown}
          sentence={segment}
          sentenceNumber={number}
          words={segment.words}
          labels={labels}
          contextWords={contextWordsOf(transcript, segmentIndex, shown)}
          boundsOf={(word) => startBounds(transcript, ref(word), durationSeconds)}
          selectedWord={selectedWord}
          awaitedWord={awaitedHere}
          onSelectWord={setSelectedWord}
          onNudge={(word, delta) => actions.nudge(ref(word), delta)}
          onMove={(word, seconds) => actions.move(ref(word), seconds)}
          onPlayWord={(word) => actions.playWord(ref(word))}
          onPlayFrom={(seconds) => actions.playFrom(seconds, shown.end)}
          doubtIdOf={doubtIdOf}
          audioRef={audioRef}
          playing={playingKey !== null}
          handleRefs={handleRefs}
        />
      ) : waveform.isError ? (
        <p role="alert" className="text-sm font-medium text-accent-ink">
          The waveform could not be loaded; the words can still be played and glossed.
        </p>
      ) : (
        <Spinner label="Loading the waveform..." className="h-40" />
      )}

      {durationSeconds !== null ? (
        <p className="text-xs text-ink-muted">
          Focus a word’s start on the waveform: ← → move it by 10 ms, with Shift by 50 ms; Enter
          plays the word; T accepts a doubtful timing and goes to the next. Or drag it.
        </p>
      ) : null}

      {realignRefusal ? (
        <FormAlert
          title="The sentence could not be re-aligned"
          message={realignRefusal.message}
          items={
            realignRefusal.reasons.length > 0
              ? [realignRefusal.message, ...realignRefusal.reasons]
              : undefined
          }
        />
      ) : null}

      <WordRows
        sentenceNumber={number}
        words={segment.words}
        labels={labels}
        selectedWord={selectedWord}
        playingWord={playingWord < 0 ? null : playingWord}
        onSelectWord={(word) => {
          setSelectedWord(word);
          handleRefs.current[word]?.focus();
        }}
        onPlayWord={(word) => actions.playWord(ref(word))}
        onGlossChange={(word, gloss) => actions.setGloss(ref(word), gloss)}
        onApproveGloss={(word) => actions.approveGloss(ref(word))}
        onAcceptTiming={(word) => actions.acceptTiming(segmentIndex, word, 'stay')}
        doubtIdOf={doubtIdOf}
      />
    </div>
  );
}
