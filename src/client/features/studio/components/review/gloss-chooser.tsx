import { useLayoutEffect, useMemo, useRef, useState } from 'react';
import type { TranscriptWord } from '#shared/transcript';
import { Button } from '#client/components/ui/button';
import { Field } from '#client/components/ui/field';
import { Input } from '#client/components/ui/input';
import { glossChoices } from '../../rules/gloss-choices';
import { partOfSpeechName } from '../../rules/labels';
import { Kbd } from '../kbd';

export interface GlossChooserProps {
  word: TranscriptWord;
  /** How the sentence's controls name this word ("la", "la (2)"). */
  label: string;
  /** A letter pressed while choosing: one's own gloss starts with it (use-review.ts). */
  typed: { text: string; id: number } | null;
  onChoose: (gloss: string) => void;
  onClose: () => void;
}

/**
 * The other senses of a word whose gloss is wrong: every reading the lexicon has, numbered (the
 * number keys pick one), and a field for one's own gloss (typing a letter starts it).
 */
export function GlossChooser({ word, label, typed, onChoose, onClose }: GlossChooserProps) {
  const choices = useMemo(() => glossChoices(word.text, word.gloss), [word.text, word.gloss]);
  const [draft, setDraft] = useState('');
  const first = useRef<HTMLButtonElement>(null);
  const own = useRef<HTMLInputElement>(null);
  // Only letters pressed after it opened start one's own gloss.
  const openedAt = useRef(typed?.id ?? 0);

  useLayoutEffect(() => {
    (first.current ?? own.current)?.focus();
  }, []);
  useLayoutEffect(() => {
    if (!typed || typed.id <= openedAt.current) return;
    openedAt.current = typed.id;
    setDraft((current) => current + typed.text);
    own.current?.focus();
  }, [typed]);

  return (
    <div
      role="group"
      aria-label={`Other senses of ${label}`}
      className="mt-2 space-y-3 rounded-xl border border-accent/40 bg-surface p-3 shadow-sm"
    >
      {choices.length > 0 ? (
        <>
          <p className="text-sm text-ink-muted">
            Press a number to choose, or type your own gloss. Esc closes.
          </p>
          <ol className="grid gap-1.5 sm:grid-cols-2">
            {choices.map((choice, index) => (
              <li key={`${choice.lemma}:${choice.gloss}`}>
                <button
                  ref={index === 0 ? first : undefined}
                  type="button"
                  aria-keyshortcuts={String(index + 1)}
                  onClick={() => onChoose(choice.gloss)}
                  className="flex w-full items-baseline gap-2 rounded-lg border border-line px-2.5 py-1.5 text-left hover:bg-surface-muted focus-visible:outline-2 focus-visible:outline-focus"
                >
                  <Kbd aria-hidden="true" className="shrink-0">
                    {String(index + 1)}
                  </Kbd>
                  <span className="min-w-0">
                    <span className="font-medium text-ink">{choice.gloss}</span>{' '}
                    <span className="text-sm text-ink-muted">
                      <span lang="es">{choice.lemma}</span>, {partOfSpeechName(choice.pos)}
                    </span>
                  </span>
                </button>
              </li>
            ))}
          </ol>
        </>
      ) : (
        <p className="text-sm text-ink-muted">
          The dictionary has no other sense of <span lang="es">{word.text}</span>: type a gloss. Esc
          closes.
        </p>
      )}
      <form
        className="flex flex-wrap items-end gap-2"
        onSubmit={(event) => {
          event.preventDefault();
          if (draft.trim()) onChoose(draft);
        }}
      >
        <Field label="Your own gloss" className="min-w-0 flex-1 basis-48">
          <Input
            ref={own}
            value={draft}
            onChange={(event) => setDraft(event.target.value)}
            onKeyDown={(event) => {
              if (event.key === 'Escape') {
                event.preventDefault();
                onClose();
              }
            }}
            className="h-10"
          />
        </Field>
        <Button type="submit" size="sm" disabled={!draft.trim()}>
          Use this gloss
        </Button>
        <Button variant="ghost" size="sm" onClick={onClose}>
          Cancel
        </Button>
      </form>
    </div>
  );
}
