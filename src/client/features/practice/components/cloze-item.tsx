import { useEffect, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import type { ClozeItem } from '#shared/practice/items';
import { Button } from '#client/components/ui/button';
import { cn } from '#client/lib/cn';
import { isTypingTarget } from '#client/lib/typing-target';
import { gradeClozeItem, type ClozeResult } from '../item-grading';
import { choiceOfKey } from '../practice-keys';
import { practiceTexts } from '../practice-texts';
import { VerdictChip } from './word-verdicts';

export interface ClozeItemProps {
  item: ClozeItem;
  result: ClozeResult | undefined;
  strictAccents: boolean;
  onCheck: (result: ClozeResult) => void;
}

const blankClass =
  'mx-1 inline-block h-10 w-36 rounded-lg border border-line bg-surface px-2 align-baseline ' +
  'font-serif text-lg text-ink focus-visible:border-accent focus-visible:outline-2 ' +
  'focus-visible:outline-offset-0 focus-visible:outline-focus read-only:bg-surface-muted';

/**
 * The line with one or two words blanked: type each, or pick one of its four choices by click or
 * by 1–4 (for the blank being typed in, else the one last visited); Enter checks.
 */
export function ClozeItemView({ item, result, strictAccents, onCheck }: ClozeItemProps) {
  const [typed, setTyped] = useState<string[]>(() => item.blanks.map(() => ''));
  const [active, setActive] = useState(0);
  const inputs = useRef<Array<HTMLInputElement | null>>([]);
  const total = item.blanks.length;
  useEffect(() => {
    inputs.current[0]?.focus();
  }, []);

  const pick = (blank: number, choice: number) => {
    const option = item.blanks[blank]?.options[choice];
    if (option === undefined || result) return;
    setTyped((current) => current.map((text, index) => (index === blank ? option : text)));
    // On to the next blank, if any: picking both words is two key presses.
    const next = inputs.current[blank + 1];
    if (next) next.focus();
    else inputs.current[blank]?.focus();
  };

  // Digits outside the blanks pick for the blank last visited.
  useEffect(() => {
    if (result) return;
    const onKeyDown = (event: globalThis.KeyboardEvent) => {
      if (isTypingTarget(event.target)) return;
      const options = item.blanks[active]?.options ?? [];
      const choice = choiceOfKey(event, options.length);
      if (choice === null) return;
      event.preventDefault();
      pick(active, choice);
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  });

  const onBlankKeyDown = (blank: number) => (event: KeyboardEvent<HTMLInputElement>) => {
    const choice = choiceOfKey(event.nativeEvent, item.blanks[blank]?.options.length ?? 0);
    if (choice === null) return;
    // A blank never asks for a number: a digit picks a choice instead of being typed.
    event.preventDefault();
    pick(blank, choice);
  };

  const check = (event: FormEvent) => {
    event.preventDefault();
    if (result) return;
    onCheck(gradeClozeItem(item, typed, { strictAccents }));
  };

  return (
    <form onSubmit={check} className="space-y-5">
      <p lang="es" className="font-serif text-2xl leading-loose text-ink">
        {item.parts.map((part, index) =>
          'text' in part ? (
            <span key={index}>{part.text}</span>
          ) : (
            <input
              key={index}
              ref={(element) => {
                inputs.current[part.blank] = element;
              }}
              aria-label={practiceTexts.blankLabel(part.blank, total)}
              value={typed[part.blank] ?? ''}
              onChange={(event) => {
                const value = event.target.value;
                setTyped((current) => current.map((text, i) => (i === part.blank ? value : text)));
              }}
              onFocus={() => setActive(part.blank)}
              onKeyDown={onBlankKeyDown(part.blank)}
              readOnly={result !== undefined}
              autoComplete="off"
              autoCorrect="off"
              autoCapitalize="off"
              spellCheck={false}
              className={blankClass}
            />
          ),
        )}
      </p>

      {result ? (
        <ul className="flex flex-wrap gap-2" aria-label={practiceTexts.yourAnswer}>
          {item.blanks.map((blank, index) => {
            const { typed: text, verdict } = result.blanks[index]!;
            return (
              <li key={blank.wordId} className="flex flex-wrap items-center gap-2">
                {total > 1 ? (
                  <span className="text-sm text-ink-muted">
                    {practiceTexts.blankLabel(index, total)}:
                  </span>
                ) : null}
                <VerdictChip
                  verdict={verdict}
                  word={blank.answer}
                  typed={text.trim() === '' ? undefined : text.trim()}
                />
              </li>
            );
          })}
        </ul>
      ) : (
        <>
          {item.blanks.map((blank, index) =>
            blank.options.length > 0 ? (
              <div
                key={blank.wordId}
                role="group"
                aria-label={practiceTexts.optionsLabel(index, total)}
                className={cn(
                  'flex flex-wrap gap-2 rounded-xl p-1',
                  total > 1 && active === index && 'ring-2 ring-line',
                )}
              >
                {blank.options.map((option, choice) => (
                  <Button
                    key={option}
                    variant={typed[index] === option ? 'primary' : 'secondary'}
                    size="sm"
                    onClick={() => pick(index, choice)}
                    aria-keyshortcuts={String(choice + 1)}
                    aria-pressed={typed[index] === option}
                  >
                    <kbd aria-hidden="true" className="font-mono text-xs opacity-70">
                      {choice + 1}
                    </kbd>
                    <span lang="es">{option}</span>
                  </Button>
                ))}
              </div>
            ) : (
              <p key={blank.wordId} className="text-sm text-ink-muted">
                {practiceTexts.typeOnly}
              </p>
            ),
          )}
          <Button type="submit" aria-keyshortcuts="Enter">
            {practiceTexts.check}
          </Button>
        </>
      )}
    </form>
  );
}
