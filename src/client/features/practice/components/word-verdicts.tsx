import { Check, CircleAlert, Eye, Minus, Plus, X } from 'lucide-react';
import type { ComponentType } from 'react';
import { cn } from '#client/lib/cn';
import type { ShownVerdict, ShownWord } from '../item-grading';
import { practiceTexts } from '../practice-texts';

type Tone = 'right' | 'almost' | 'wrong' | 'neutral';

/**
 * How each verdict looks: a colour, and never colour alone (an icon and, but for a plain right
 * word, its words beside it).
 */
const looks: Record<ShownVerdict, { tone: Tone; Icon: ComponentType<{ className?: string }> }> = {
  right: { tone: 'right', Icon: Check },
  accent: { tone: 'right', Icon: Check },
  joined: { tone: 'right', Icon: Check },
  close: { tone: 'almost', Icon: CircleAlert },
  wrong: { tone: 'wrong', Icon: X },
  missing: { tone: 'wrong', Icon: Minus },
  extra: { tone: 'wrong', Icon: Plus },
  revealed: { tone: 'neutral', Icon: Eye },
};

const toneClass: Record<Tone, string> = {
  right: 'border-level-beginner-ink/30 bg-level-beginner text-level-beginner-ink',
  almost: 'border-level-intermediate-ink/30 bg-level-intermediate text-level-intermediate-ink',
  wrong: 'border-level-advanced-ink/30 bg-level-advanced text-level-advanced-ink',
  neutral: 'border-line bg-surface-muted text-ink',
};

/** What is said of a word beside it: its verdict, and what was typed when that differs. */
export function verdictNote(verdict: ShownVerdict, typed?: string): string {
  if (verdict === 'right' || verdict === 'extra' || verdict === 'missing' || verdict === 'revealed')
    return practiceTexts.verdicts[verdict];
  const said = practiceTexts.verdicts[verdict];
  return typed ? `${said} · ${practiceTexts.youWrote(typed)}` : said;
}

/** One word with its verdict: the word as the line writes it (or as typed, for an extra one). */
export function VerdictChip({
  verdict,
  word,
  typed,
  note = verdictNote(verdict, typed),
  className,
}: {
  verdict: ShownVerdict;
  word: string;
  typed?: string;
  /** What is said beside the word, when not its verdict and what was typed. */
  note?: string;
  className?: string;
}) {
  const { tone, Icon } = looks[verdict];
  return (
    <span
      className={cn(
        'inline-flex flex-col rounded-lg border px-2.5 py-1 text-left',
        toneClass[tone],
        className,
      )}
      data-verdict={verdict}
    >
      <span className="inline-flex items-center gap-1.5 font-serif text-lg leading-snug">
        <Icon aria-hidden="true" className="size-4 shrink-0" />
        <span lang="es" className={verdict === 'extra' ? 'line-through' : undefined}>
          {word}
        </span>
      </span>
      {verdict === 'right' ? (
        <span className="sr-only">{`: ${note}`}</span>
      ) : (
        <span className="text-xs font-medium">
          <span className="sr-only">: </span>
          {note}
        </span>
      )}
    </span>
  );
}

/** A dictation's answer word by word, in the order of the line (extra words where typed). */
export function DictationVerdicts({ words }: { words: readonly ShownWord[] }) {
  return (
    <ol className="flex flex-wrap gap-2" aria-label={practiceTexts.yourAnswer}>
      {words.map((word, index) => (
        <li key={index}>
          <VerdictChip
            verdict={word.verdict}
            word={word.expected ?? word.typed ?? ''}
            typed={word.typed}
          />
        </li>
      ))}
    </ol>
  );
}
