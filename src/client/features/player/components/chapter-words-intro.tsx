import { useId, useState } from 'react';
import { ChevronDown } from 'lucide-react';
import type { TranscriptSegment } from '#shared/transcript';
import { MachineMark } from '#client/components/ui/machine-mark';
import { cn } from '#client/lib/cn';

/** How many of a chapter's new words the intro lists. */
export const NEW_WORDS_SHOWN = 8;

export interface ChapterNewWord {
  text: string;
  gloss: string | undefined;
  /** The gloss is a machine's, not reviewed by a person (decision 043): shown marked. */
  glossByMachine: boolean;
}

const wordKey = (text: string) =>
  text.toLocaleLowerCase('es').replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, '');

/** The chapter's new words in order of appearance, each once (by its lower-case form). */
export function chapterNewWords(
  segments: readonly TranscriptSegment[],
  newWordIds: readonly string[],
): ChapterNewWord[] {
  const wanted = new Set(newWordIds);
  const seen = new Set<string>();
  const words: ChapterNewWord[] = [];
  for (const segment of segments) {
    for (const word of segment.words) {
      if (!wanted.has(word.id)) continue;
      const key = wordKey(word.text);
      if (key === '' || seen.has(key)) continue;
      seen.add(key);
      words.push({ text: key, gloss: word.gloss, glossByMachine: word.glossSource === 'machine' });
    }
  }
  return words;
}

/**
 * Above the transcript: the share of the chapter's words the learner knows, or, until they know
 * any (a new learner's first chapter, issue 14), the chapter's new words instead of "0%".
 */
export function ChapterWordsIntro({
  knownPercentage,
  newWords,
}: {
  knownPercentage: number;
  newWords: readonly ChapterNewWord[];
}) {
  if (knownPercentage > 0 || newWords.length === 0) {
    return (
      <p className="text-ink-muted">You know {knownPercentage}% of the words in this chapter</p>
    );
  }
  return <NewWordsList newWords={newWords} />;
}

/**
 * On a phone the list folds into one line ("103 new words in this chapter") that opens it, so the
 * transcript stays on the first screen (issue 14); from the desktop breakpoint it is always shown.
 * CSS decides, so the server's HTML is already right on either screen.
 */
function NewWordsList({ newWords }: { newWords: readonly ChapterNewWord[] }) {
  const [open, setOpen] = useState(false);
  const headingId = useId();
  const listId = useId();
  const shown = newWords.slice(0, NEW_WORDS_SHOWN);
  const more = newWords.length - shown.length;
  return (
    <section aria-labelledby={headingId} className="text-ink-muted">
      <h2 id={headingId} className="hidden font-sans text-base font-medium text-ink md:block">
        New words in this chapter
      </h2>
      <button
        type="button"
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => setOpen((current) => !current)}
        className="inline-flex min-h-9 items-center gap-2 rounded-full text-sm font-medium text-ink hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-focus md:hidden"
      >
        {newWords.length} new {newWords.length === 1 ? 'word' : 'words'} in this chapter
        <ChevronDown
          aria-hidden="true"
          className={cn('size-4 transition-transform', open && 'rotate-180')}
        />
      </button>
      <div id={listId} data-open={open} className={cn(open ? 'block' : 'hidden', 'md:block')}>
        <ul className="mt-2 flex flex-wrap gap-2">
          {shown.map((word) => (
            <li
              key={word.text}
              lang="es"
              className="rounded-full border border-line bg-surface px-3 py-1 text-sm"
            >
              <span className="font-medium text-ink">{word.text}</span>
              {word.gloss ? (
                <span lang="en" className="text-ink-muted">
                  {' '}
                  · {word.gloss}
                  {word.glossByMachine ? <MachineMark /> : null}
                </span>
              ) : null}
            </li>
          ))}
        </ul>
        {more > 0 ? (
          <p className="mt-2 text-sm">and {more} more, marked in the transcript</p>
        ) : null}
      </div>
    </section>
  );
}
