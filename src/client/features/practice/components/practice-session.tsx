import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { Eye, RotateCcw, Snail } from 'lucide-react';
import type { PracticeItem } from '#shared/practice/items';
import type { Clip } from '#client/components/audio/clip-player';
import { useClipPlayer, type ClipStatus } from '#client/components/audio/use-clip-player';
import { ProgressBar } from '#client/components/story/progress-bar';
import { Button } from '#client/components/ui/button';
import { Card } from '#client/components/ui/card';
import { randomUuid } from '#client/lib/random-uuid';
import { usePracticeAnswers } from '../hooks/use-practice-answers';
import type { ItemResult } from '../item-grading';
import { answersOf } from '../practice-answers';
import { isShortcut } from '../practice-keys';
import { practiceTexts } from '../practice-texts';
import { ClozeItemView } from './cloze-item';
import { DictationItemView } from './dictation-item';
import { LineWithTranslation } from './line-with-translation';
import { StrictAccentsSwitch } from './strict-accents-switch';
import { WordInAudioItemView } from './word-in-audio-item';

/** A slower replay: slow enough to tell words apart, not so slow the voice breaks up. */
export const SLOWER_RATE = 0.75;

const clipOf = (item: PracticeItem, chapterId: string, audioUrl: string): Clip => ({
  chapterId,
  audioUrl,
  startSeconds: item.clip.startSeconds,
  endSeconds: item.clip.endSeconds,
});

function statusText(status: ClipStatus, rate: number): string {
  if (status === 'playing') {
    return rate < 1 ? practiceTexts.status.playingSlower : practiceTexts.status.playing;
  }
  if (status === 'blocked') return practiceTexts.status.blocked;
  if (status === 'error') return practiceTexts.status.error;
  return '';
}

const headingOf = (item: PracticeItem) =>
  item.kind === 'cloze'
    ? practiceTexts.headings.cloze(item.blanks.length)
    : practiceTexts.headings[item.kind];

export interface PracticeSessionProps {
  items: readonly PracticeItem[];
  chapterId: string;
  audioUrl: string;
  /** The signed-in learner, whose answers are sent; null for a visitor (nothing is sent). */
  userId: string | null;
  strictAccents: boolean;
  onStrictAccentsChange: (strict: boolean) => void;
  onDone: (results: readonly ItemResult[]) => void;
}

/**
 * One practice set, an exercise at a time: its clip plays at once (the learner's press of Start
 * or Next allows it), R replays, S replays slower, W reveals a word of a dictation (with Alt
 * while typing); checked, each becomes answers for the server; Enter or Next goes on, and the
 * next clip, made ready meanwhile, starts at once.
 */
export function PracticeSession({
  items,
  chapterId,
  audioUrl,
  userId,
  strictAccents,
  onStrictAccentsChange,
  onDone,
}: PracticeSessionProps) {
  const [index, setIndex] = useState(0);
  const [results, setResults] = useState<readonly ItemResult[]>([]);
  const [revealed, setRevealed] = useState(0);
  const [rate, setRate] = useState(1);
  const [announcement, setAnnouncement] = useState('');
  const { player, status } = useClipPlayer();
  const record = usePracticeAnswers(userId);
  const nextButton = useRef<HTMLButtonElement>(null);
  const headingId = useId();
  const resultId = useId();
  const item = items[index]!;
  const result = results[index];
  const last = index === items.length - 1;

  const clip = useCallback(
    (at: number) => clipOf(items[at]!, chapterId, audioUrl),
    [items, chapterId, audioUrl],
  );

  // The first clip plays as the set starts (Start was the learner's press); each next one is
  // played by the press that moves on (see `next`).
  useEffect(() => {
    void player.play(clip(0));
  }, [player, clip]);

  // The next clip is made ready (loaded and positioned) while this exercise is answered.
  useEffect(() => {
    if (index + 1 < items.length) player.preload(clip(index + 1));
  }, [player, clip, index, items.length]);

  const replay = useCallback(
    (slower: boolean) => {
      const speed = slower ? SLOWER_RATE : 1;
      setRate(speed);
      void player.play(clip(index), { rate: speed });
    },
    [player, clip, index],
  );

  const canReveal = item.kind === 'dictation' && !result && revealed < item.words.length;
  const reveal = useCallback(() => {
    if (item.kind !== 'dictation' || result || revealed >= item.words.length) return;
    setAnnouncement(practiceTexts.status.revealed(item.words[revealed]!.text));
    setRevealed(revealed + 1);
  }, [item, result, revealed]);

  const check = useCallback(
    (checked: ItemResult) => {
      if (results[index]) return;
      setResults((current) => [...current.slice(0, index), checked]);
      record(answersOf(item, checked, { chapterId, answeredAt: Date.now(), newId: randomUuid }));
    },
    [results, index, item, chapterId, record],
  );

  // Checked: the way on takes the focus (Enter goes on; the result is read with it).
  useEffect(() => {
    if (result) nextButton.current?.focus();
  }, [result]);

  const next = useCallback(() => {
    if (!result) return;
    if (last) {
      player.stop();
      onDone(results);
      return;
    }
    // Played here, in the press's own handler: the shortest way from the key to the sound.
    void player.play(clip(index + 1));
    setIndex(index + 1);
    setRevealed(0);
    setRate(1);
    setAnnouncement('');
  }, [result, last, player, onDone, results, clip, index]);

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (isShortcut(event, 'R')) {
        event.preventDefault();
        replay(false);
      } else if (isShortcut(event, 'S')) {
        event.preventDefault();
        replay(true);
      } else if (isShortcut(event, 'W')) {
        event.preventDefault();
        reveal();
      } else if (
        event.key === 'Enter' &&
        result &&
        !(event.target instanceof HTMLElement && event.target.closest('button, a[href]'))
      ) {
        // A button or a link takes Enter itself (Next, or whatever the learner moved to).
        event.preventDefault();
        next();
      }
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [replay, reveal, next, result]);

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <div className="min-w-48 flex-1 space-y-2">
          <p
            className="text-sm font-medium text-ink-muted tabular-nums"
            data-testid="practice-progress"
          >
            <span className="sr-only">{practiceTexts.progressLabel} </span>
            {practiceTexts.progress(index + 1, items.length)}
          </p>
          <ProgressBar
            value={((index + (result ? 1 : 0)) / items.length) * 100}
            label={practiceTexts.progressLabel}
            className="max-w-72"
          />
        </div>
        <StrictAccentsSwitch strict={strictAccents} onChange={onStrictAccentsChange} />
      </div>

      <Card className="space-y-6 p-5 sm:p-8" data-testid="practice-item" data-kind={item.kind}>
        <h2 id={headingId} className="text-xl font-semibold">
          {headingOf(item)}
        </h2>

        <div className="flex flex-wrap items-center gap-2">
          <Button
            variant="secondary"
            size="sm"
            onClick={() => replay(false)}
            aria-keyshortcuts="R Alt+R"
            data-clip-status={status}
          >
            <RotateCcw aria-hidden="true" className="size-4" />
            {practiceTexts.replay}
          </Button>
          <Button
            variant="secondary"
            size="sm"
            onClick={() => replay(true)}
            aria-keyshortcuts="S Alt+S"
          >
            <Snail aria-hidden="true" className="size-4" />
            {practiceTexts.slower}
          </Button>
          {item.kind === 'dictation' && !result ? (
            <Button
              variant="secondary"
              size="sm"
              onClick={reveal}
              disabled={!canReveal}
              aria-keyshortcuts="W Alt+W"
            >
              <Eye aria-hidden="true" className="size-4" />
              {canReveal ? practiceTexts.reveal : practiceTexts.nothingToReveal}
            </Button>
          ) : null}
          <p role="status" className="text-sm text-ink-muted" data-testid="practice-audio-status">
            {statusText(status, rate)}
          </p>
        </div>
        <p role="status" className="sr-only">
          {announcement}
        </p>

        {item.kind === 'dictation' ? (
          <DictationItemView
            key={index}
            item={item}
            revealed={revealed}
            result={result?.kind === 'dictation' ? result : undefined}
            strictAccents={strictAccents}
            onCheck={check}
          />
        ) : item.kind === 'cloze' ? (
          <ClozeItemView
            key={index}
            item={item}
            result={result?.kind === 'cloze' ? result : undefined}
            strictAccents={strictAccents}
            onCheck={check}
          />
        ) : (
          <WordInAudioItemView
            key={index}
            item={item}
            result={result?.kind === 'word-in-audio' ? result : undefined}
            headingId={headingId}
            onCheck={check}
          />
        )}

        {result ? (
          <div className="space-y-4">
            <p
              id={resultId}
              role="status"
              className="text-lg font-semibold"
              data-testid="practice-verdict"
            >
              {result.correct ? practiceTexts.right : practiceTexts.notQuite}
              {result.kind === 'dictation' ? (
                <span className="ml-2 text-base font-normal text-ink-muted">
                  {practiceTexts.wordsRight(result.rightCount, result.total)}
                </span>
              ) : null}
            </p>
            <LineWithTranslation item={item} />
            <Button
              ref={nextButton}
              onClick={next}
              aria-describedby={resultId}
              aria-keyshortcuts="Enter"
            >
              {last ? practiceTexts.finish : practiceTexts.next}
            </Button>
          </div>
        ) : null}
      </Card>
    </div>
  );
}
