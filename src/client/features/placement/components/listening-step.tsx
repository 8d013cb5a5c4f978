import { useCallback, useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Play } from 'lucide-react';
import type { PlacementClozeItem } from '#shared/contracts/placement';
import type { Clip } from '#client/components/audio/clip-player';
import { useClipPlayer, type ClipStatus } from '#client/components/audio/use-clip-player';
import { Button } from '#client/components/ui/button';
import { chapterAudioUrl } from '#client/lib/api/chapters/get-chapter';
import type { ClozeChoices } from '../placement-answers';
import { placementTexts } from '../placement-texts';

const clipOf = (item: PlacementClozeItem): Clip => ({
  chapterId: item.chapterId,
  audioUrl: chapterAudioUrl(item.chapterId),
  ...item.clip,
});

/** "I don't know": no option is ever empty. */
const DONT_KNOW = '';

/** What a gap shows: the word chosen, or a blank as wide as a space ("I don't know" too). */
const shownChoice = (choice: string | undefined) =>
  choice === undefined || choice === DONT_KNOW ? '\u2003' : choice;

/** The choices as sent: "I don't know" and no choice alike are null. */
const sentChoices = (
  choices: ReadonlyMap<string, ReadonlyArray<string | undefined>>,
): ClozeChoices =>
  new Map(
    [...choices].map(([id, blanks]) => [
      id,
      blanks.map((choice) => (choice === undefined || choice === DONT_KNOW ? null : choice)),
    ]),
  );

const statusText: Record<ClipStatus, string> = {
  idle: '',
  playing: placementTexts.playing,
  blocked: placementTexts.blocked,
  error: placementTexts.audioError,
};

/**
 * Part 1: each sentence plays from its chapter's audio (the press that moves on plays the next);
 * the learner picks the word heard in each gap, or "I don't know".
 */
export function ListeningStep({
  items,
  onDone,
}: {
  items: readonly PlacementClozeItem[];
  onDone: (choices: ClozeChoices) => void;
}) {
  const [index, setIndex] = useState(0);
  // Each blank's choice by item: an option, DONT_KNOW, or undefined while none is chosen.
  const [choices, setChoices] = useState<ReadonlyMap<string, ReadonlyArray<string | undefined>>>(
    () => new Map(),
  );
  const { player, status } = useClipPlayer();
  const progressRef = useRef<HTMLHeadingElement>(null);
  const first = useRef(true);
  const groupId = useId();
  const item = items[index]!;
  const last = index === items.length - 1;
  const chosen = choices.get(item.id) ?? item.blanks.map(() => undefined);

  // The first sentence plays as the part starts (Start was the learner's press).
  useEffect(() => {
    void player.play(clipOf(items[0]!));
  }, [player, items]);
  useEffect(() => {
    const next = items[index + 1];
    if (next) player.preload(clipOf(next));
  }, [player, items, index]);
  // Each new sentence is announced by taking the focus (not the first: the part's heading has it).
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    progressRef.current?.focus();
  }, [index]);

  const choose = useCallback(
    (blank: number, choice: string) =>
      setChoices((current) => {
        const next = new Map(current);
        next.set(
          item.id,
          chosen.map((value, i) => (i === blank ? choice : value)),
        );
        return next;
      }),
    [item.id, chosen],
  );

  const moveOn = (event: FormEvent) => {
    event.preventDefault();
    if (last) {
      player.stop();
      onDone(sentChoices(choices));
      return;
    }
    // Played here, in the press's own handler: the shortest way from the key to the sound.
    void player.play(clipOf(items[index + 1]!));
    setIndex(index + 1);
  };

  return (
    <form onSubmit={moveOn} className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h3 ref={progressRef} tabIndex={-1} className="text-lg font-semibold outline-none">
          {placementTexts.progress(index, items.length)}
        </h3>
        <Button type="button" variant="secondary" onClick={() => void player.play(clipOf(item))}>
          <Play aria-hidden="true" className="size-4" />
          {placementTexts.play}
        </Button>
      </div>
      <p role="status" className="min-h-5 text-sm text-ink-muted">
        {statusText[status]}
      </p>
      <p lang="es" className="font-serif text-2xl leading-loose text-ink">
        {item.parts.map((part, i) =>
          'text' in part ? (
            <span key={i}>{part.text}</span>
          ) : (
            <span
              key={i}
              className="mx-1 inline-block min-w-24 border-b-2 border-accent px-1 text-center text-accent-ink"
            >
              <span className="sr-only">
                ({placementTexts.gap(part.blank, item.blanks.length)})
              </span>
              <span aria-hidden="true">{shownChoice(chosen[part.blank])}</span>
            </span>
          ),
        )}
      </p>
      {item.blanks.map((blank, blankIndex) => {
        const name = `${groupId}-${index}-${blankIndex}`;
        const options = [
          ...blank.options.map((option) => ({ value: option, label: option })),
          { value: DONT_KNOW, label: placementTexts.dontKnow },
        ];
        return (
          <fieldset key={`${item.id}-${blank.wordId}`} className="space-y-3">
            <legend className="mb-2 text-sm font-medium text-ink">
              {placementTexts.gap(blankIndex, item.blanks.length)}
            </legend>
            <div className="flex flex-wrap gap-2">
              {options.map(({ value, label }) => {
                return (
                  <label
                    key={label}
                    className="flex cursor-pointer items-center gap-2 rounded-xl border border-line bg-surface px-4 py-2 has-[:checked]:border-accent has-[:checked]:bg-accent-soft has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-focus"
                  >
                    <input
                      type="radio"
                      name={name}
                      checked={chosen[blankIndex] === value}
                      onChange={() => choose(blankIndex, value)}
                      className="size-4 accent-accent"
                    />
                    <span lang={value === DONT_KNOW ? undefined : 'es'}>{label}</span>
                  </label>
                );
              })}
            </div>
          </fieldset>
        );
      })}
      <Button type="submit">{last ? placementTexts.toWords : placementTexts.next}</Button>
    </form>
  );
}
