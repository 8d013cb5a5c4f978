import { useEffect, useRef } from 'react';
import type { WordInAudioItem } from '#shared/practice/items';
import { Button } from '#client/components/ui/button';
import { gradeWordInAudioItem, type WordInAudioResult } from '../item-grading';
import { choiceOfKey } from '../practice-keys';
import { practiceTexts } from '../practice-texts';
import { VerdictChip } from './word-verdicts';

export interface WordInAudioItemProps {
  item: WordInAudioItem;
  result: WordInAudioResult | undefined;
  headingId: string;
  onCheck: (result: WordInAudioResult) => void;
}

/** Three written words; the one heard is picked by click or by 1–3, and that answers it. */
export function WordInAudioItemView({ item, result, headingId, onCheck }: WordInAudioItemProps) {
  const group = useRef<HTMLDivElement>(null);
  // The choices are where the learner starts (a key or Tab from there picks one).
  useEffect(() => {
    group.current?.focus();
  }, []);

  const answer = (option: string) => {
    if (!result) onCheck(gradeWordInAudioItem(item, option));
  };

  useEffect(() => {
    if (result) return;
    const onKeyDown = (event: KeyboardEvent) => {
      const choice = choiceOfKey(event, item.options.length);
      if (choice === null) return;
      event.preventDefault();
      answer(item.options[choice]!);
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  });

  if (result) {
    return (
      <p>
        {result.correct ? (
          <VerdictChip verdict="right" word={item.answer} />
        ) : (
          <VerdictChip
            verdict="wrong"
            word={item.answer}
            note={`${practiceTexts.wordSaid} · ${practiceTexts.youPicked(result.picked)}`}
          />
        )}
      </p>
    );
  }

  return (
    <div
      ref={group}
      role="group"
      aria-labelledby={headingId}
      tabIndex={-1}
      className="flex flex-wrap gap-3 rounded-xl focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-focus"
    >
      {item.options.map((option, index) => (
        <Button
          key={option}
          variant="secondary"
          size="lg"
          onClick={() => answer(option)}
          aria-keyshortcuts={String(index + 1)}
        >
          <kbd aria-hidden="true" className="font-mono text-sm opacity-70">
            {index + 1}
          </kbd>
          <span lang="es">{option}</span>
        </Button>
      ))}
    </div>
  );
}
