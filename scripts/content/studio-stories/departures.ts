/**
 * What a narrator said that the text does not say: the words added, skipped or said differently
 * in one sentence, found by comparing the two word by word (longest common subsequence).
 */
import { tokenizeWords } from '#shared/studio/words';

export interface WordChange {
  kind: 'added' | 'skipped' | 'changed';
  /** The text's words that were skipped or said differently (empty when added). */
  written: string[];
  /** The words said instead (empty when skipped). */
  said: string[];
}

const words = (text: string) => tokenizeWords(text).map((token) => token.text);
const same = (a: string, b: string) => a.toLocaleLowerCase('es') === b.toLocaleLowerCase('es');

/** The changes from `written` to `said`, in order; none when the narrator read the text as it is. */
export function wordChanges(written: string, said: string): WordChange[] {
  const a = words(written);
  const b = words(said);
  // lengths[i][j]: longest common subsequence of a[i…] and b[j…].
  const lengths = Array.from({ length: a.length + 1 }, () =>
    new Array<number>(b.length + 1).fill(0),
  );
  for (let i = a.length - 1; i >= 0; i--) {
    for (let j = b.length - 1; j >= 0; j--) {
      lengths[i]![j] = same(a[i]!, b[j]!)
        ? lengths[i + 1]![j + 1]! + 1
        : Math.max(lengths[i + 1]![j]!, lengths[i]![j + 1]!);
    }
  }
  const changes: WordChange[] = [];
  let pending: { written: string[]; said: string[] } = { written: [], said: [] };
  const flush = () => {
    const { written: w, said: s } = pending;
    if (w.length > 0 || s.length > 0) {
      changes.push({
        kind: w.length === 0 ? 'added' : s.length === 0 ? 'skipped' : 'changed',
        written: w,
        said: s,
      });
    }
    pending = { written: [], said: [] };
  };
  let i = 0;
  let j = 0;
  while (i < a.length || j < b.length) {
    if (i < a.length && j < b.length && same(a[i]!, b[j]!)) {
      flush();
      i++;
      j++;
    } else if (j < b.length && (i === a.length || lengths[i]![j + 1]! >= lengths[i + 1]![j]!)) {
      pending.said.push(b[j++]!);
    } else {
      pending.written.push(a[i++]!);
    }
  }
  flush();
  return changes;
}

/** "added «mucho»", "skipped «antiguas»", "«9:30» said as «nueve y media»". */
export function describeChange(change: WordChange): string {
  const quote = (list: string[]) => `«${list.join(' ')}»`;
  switch (change.kind) {
    case 'added':
      return `added ${quote(change.said)}`;
    case 'skipped':
      return `skipped ${quote(change.written)}`;
    case 'changed':
      return `${quote(change.written)} said as ${quote(change.said)}`;
  }
}
