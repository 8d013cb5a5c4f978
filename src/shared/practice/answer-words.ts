import { isNumberWord, numberOfDigits, numberOfWords } from './spanish-numbers.ts';

/**
 * Words of a sentence as a dictation compares them (issue 25): case and the punctuation around a
 * word never count, accents count only when the learner asks (decision 066), and a number is its
 * value whether written in digits or in words ("3" = "tres", "32" = "treinta y dos").
 */
export interface AnswerWord {
  /** As written, without the punctuation around it ("¿Dónde" → "Dónde"). */
  text: string;
  /** Lower case, accents kept. */
  exact: string;
  /** Lower case, accents removed (ñ kept: it is another letter, not an accent). */
  folded: string;
  /** Its value when it is a number; several number words make one answer word. */
  number?: number;
  /** The transcript words it stands for (empty for what a learner typed). */
  wordIds: string[];
}

export interface SourceWord {
  id?: string;
  text: string;
}

const EDGE_PUNCTUATION = /^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu;

/** Lower case without accents; ñ stays ñ. */
export function foldAccents(text: string): string {
  return text
    .toLocaleLowerCase('es')
    .normalize('NFD')
    .replace(/[\u0300-\u0302\u0308]/gu, '')
    .normalize('NFC');
}

function answerWord(text: string, ids: string[]): AnswerWord {
  const exact = text.toLocaleLowerCase('es').normalize('NFC');
  const word: AnswerWord = { text, exact, folded: foldAccents(text), wordIds: ids };
  const number = numberOfDigits(text);
  if (number !== null) word.number = number;
  return word;
}

/**
 * Joins runs of number words into one word with its value: ["treinta", "y", "dos"] → 32. The
 * longest run that reads as one number wins; "y" joins only inside a number.
 */
function joinNumberWords(words: AnswerWord[]): AnswerWord[] {
  const out: AnswerWord[] = [];
  let i = 0;
  while (i < words.length) {
    const first = words[i]!;
    if (!isNumberWord(first.folded)) {
      out.push(first);
      i++;
      continue;
    }
    let end = i + 1;
    while (
      end < words.length &&
      (isNumberWord(words[end]!.folded) ||
        (words[end]!.folded === 'y' && isNumberWord(words[end + 1]?.folded ?? '')))
    ) {
      end++;
    }
    let joined = false;
    for (let stop = end; stop > i + 1; stop--) {
      const run = words.slice(i, stop);
      const value = numberOfWords(run.map((w) => w.folded));
      if (value === null) continue;
      out.push({
        text: run.map((w) => w.text).join(' '),
        exact: run.map((w) => w.exact).join(' '),
        folded: run.map((w) => w.folded).join(' '),
        number: value,
        wordIds: run.flatMap((w) => w.wordIds),
      });
      i = stop;
      joined = true;
      break;
    }
    if (joined) continue;
    const value = numberOfWords([first.folded]);
    out.push(value === null ? first : { ...first, number: value });
    i++;
  }
  return out;
}

/** The answer words of transcript words (with their ids) or of typed text split on spaces. */
export function answerWords(source: readonly SourceWord[] | string): AnswerWord[] {
  const pieces: SourceWord[] =
    typeof source === 'string'
      ? source.split(/[\s\u00a0–—/]+/u).map((text) => ({ text }))
      : [...source];
  const words: AnswerWord[] = [];
  for (const piece of pieces) {
    const text = piece.text.replace(EDGE_PUNCTUATION, '');
    if (text === '') continue;
    words.push(answerWord(text, piece.id === undefined ? [] : [piece.id]));
  }
  return joinNumberWords(words);
}
