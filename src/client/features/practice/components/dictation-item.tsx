import { useEffect, useRef, useState, type FormEvent } from 'react';
import type { DictationItem } from '#shared/practice/items';
import { Button } from '#client/components/ui/button';
import { Field } from '#client/components/ui/field';
import { Input } from '#client/components/ui/input';
import { gradeDictationItem, type DictationResult } from '../item-grading';
import { practiceTexts } from '../practice-texts';
import { DictationVerdicts } from './word-verdicts';

/** The words revealed so far, in place, the others hidden (read as "hidden word"). */
function RevealedWords({ item, revealed }: { item: DictationItem; revealed: number }) {
  return (
    <p
      lang="es"
      className="flex flex-wrap gap-x-2 gap-y-1 font-serif text-xl"
      data-testid="practice-revealed"
    >
      {item.words.map((word, index) =>
        index < revealed ? (
          <span key={word.id}>{word.text}</span>
        ) : (
          <span key={word.id} className="text-ink-muted">
            <span aria-hidden="true">＿＿</span>
            <span lang="en" className="sr-only">
              {practiceTexts.hiddenWord}
            </span>
          </span>
        ),
      )}
    </p>
  );
}

export interface DictationItemProps {
  item: DictationItem;
  /** How many of its first words the learner asked to see. */
  revealed: number;
  result: DictationResult | undefined;
  strictAccents: boolean;
  onCheck: (result: DictationResult) => void;
}

/** Type what the clip says; Enter checks; then each word with its verdict. */
export function DictationItemView({
  item,
  revealed,
  result,
  strictAccents,
  onCheck,
}: DictationItemProps) {
  const [typed, setTyped] = useState('');
  const input = useRef<HTMLInputElement>(null);
  // The field is where the learner starts: focused when the exercise appears.
  useEffect(() => {
    input.current?.focus();
  }, []);

  const check = (event: FormEvent) => {
    event.preventDefault();
    if (result) return;
    onCheck(gradeDictationItem(item, typed, revealed, { strictAccents }));
  };

  return (
    <div className="space-y-5">
      {revealed > 0 && !result ? <RevealedWords item={item} revealed={revealed} /> : null}
      <form onSubmit={check} className="flex flex-col gap-3 sm:flex-row sm:items-end">
        <Field
          label={practiceTexts.dictationLabel}
          hint={strictAccents ? practiceTexts.dictationHintStrict : practiceTexts.dictationHint}
          className="flex-1"
        >
          <Input
            ref={input}
            lang="es"
            value={typed}
            onChange={(event) => setTyped(event.target.value)}
            readOnly={result !== undefined}
            autoComplete="off"
            autoCorrect="off"
            autoCapitalize="off"
            spellCheck={false}
            className="font-serif text-lg"
          />
        </Field>
        {result ? null : (
          <Button type="submit" className="sm:mb-7" aria-keyshortcuts="Enter">
            {practiceTexts.check}
          </Button>
        )}
      </form>
      {result ? <DictationVerdicts words={result.words} /> : null}
    </div>
  );
}
