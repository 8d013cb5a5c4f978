import { useState, type FormEvent } from 'react';
import { Button } from '#client/components/ui/button';
import { FormAlert } from '#client/components/ui/form-alert';
import { placementTexts } from '../placement-texts';

/** Part 2: the learner ticks the words they know (a few are made up); then the test is sent. */
export function WordsStep({
  words,
  sending,
  failure,
  onDone,
}: {
  words: readonly string[];
  sending: boolean;
  /** Why the last sending failed, or null. */
  failure: string | null;
  onDone: (known: ReadonlySet<string>) => void;
}) {
  const [known, setKnown] = useState<ReadonlySet<string>>(() => new Set());
  const toggle = (word: string, ticked: boolean) =>
    setKnown((current) => {
      const next = new Set(current);
      if (ticked) next.add(word);
      else next.delete(word);
      return next;
    });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!sending) onDone(known);
  };
  return (
    <form onSubmit={submit} className="space-y-6">
      <fieldset>
        <legend className="sr-only">{placementTexts.wordsLegend}</legend>
        <ul className="grid grid-cols-2 gap-2 sm:grid-cols-4">
          {words.map((word) => (
            <li key={word}>
              <label className="flex cursor-pointer items-center gap-3 rounded-xl border border-line bg-surface px-3 py-2 has-[:checked]:border-accent has-[:checked]:bg-accent-soft has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-focus">
                <input
                  type="checkbox"
                  checked={known.has(word)}
                  onChange={(event) => toggle(word, event.target.checked)}
                  className="size-5 shrink-0 rounded accent-accent"
                />
                <span lang="es" className="text-lg">
                  {word}
                </span>
              </label>
            </li>
          ))}
        </ul>
      </fieldset>
      {failure ? <FormAlert message={failure} /> : null}
      <Button type="submit" disabled={sending} aria-busy={sending}>
        {sending ? placementTexts.scoring : placementTexts.seeResults}
      </Button>
    </form>
  );
}
