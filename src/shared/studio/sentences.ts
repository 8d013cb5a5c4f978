/**
 * Splits plain Spanish text into sentences, as a narrator reads them (the content studio's input).
 *
 * - A line break ends a sentence, and so does a blank line: an administrator can always force a
 *   boundary.
 * - Inside a line, a sentence ends at `.`, `?`, `!` or `…` (or a run of them, `?!`, `...`),
 *   together with the closing quotes or brackets after it, when whitespace and the start of a new
 *   sentence follow: a capital, a digit, an opening `¿ ¡ « “ " ( [`, or a dialogue dash that opens
 *   a new line of speech.
 * - It does not end before a lowercase word (`¡Qué frío! dijo`, `Pues... no sé`), before a
 *   dialogue tag (`—¿Vienes? —preguntó Ana.`), after a common abbreviation or an initial
 *   (`el Sr. Pérez`, `J. R. Jiménez`), or inside a number, a time, an ordinal or a web address
 *   (`15.000`, `3.5`, `9:30`, `1.º`, `www.rae.es`); after them it does (`Tengo 3. Luego…`).
 *
 * Each sentence is returned exactly as written, without the whitespace around it.
 */

const TERMINAL = '.?!…';
const CLOSERS = '»"”’\')]';
const OPENERS = '¿¡«“"\'([';
const DASHES = '—–-';

/** Abbreviations that are followed by a name or a number, not by a new sentence. */
const ABBREVIATIONS = new Set([
  'sr',
  'sra',
  'srta',
  'sres',
  'sras',
  'srs',
  'dr',
  'dra',
  'dres',
  'dras',
  'd',
  'dña',
  'ud',
  'uds',
  'vd',
  'vds',
  'lic',
  'ing',
  'arq',
  'prof',
  'profa',
  'gral',
  'cap',
  'cnel',
  'tte',
  'sgto',
  'pbro',
  'mons',
  'fr',
  'sto',
  'sta',
  'av',
  'avda',
  'pza',
  'núm',
  'nro',
  'pág',
  'págs',
  'tel',
  'aprox',
  'ej',
  'p',
  'vol',
  'cía',
  'admón',
  'dpto',
  'depto',
  'ee',
  'uu',
]);

const isLetter = (character: string | undefined) =>
  character !== undefined && /\p{L}/u.test(character);
const isLowercase = (character: string | undefined) =>
  isLetter(character) &&
  character === character!.toLowerCase() &&
  character !== character!.toUpperCase();
const isSentenceStart = (character: string | undefined) =>
  character !== undefined &&
  ((isLetter(character) && !isLowercase(character)) ||
    /\p{N}/u.test(character) ||
    OPENERS.includes(character));

/** The word just before `end` (exclusive), lowercased: what a period would follow. */
function wordBefore(line: string, end: number): string {
  let start = end;
  while (start > 0 && /[\p{L}\p{M}]/u.test(line[start - 1]!)) start--;
  return line.slice(start, end);
}

/**
 * Whether the terminal run line[start…end), with its closers up to `closed`, ends the sentence;
 * `next` is the first character after the whitespace that follows.
 */
function endsSentence(
  line: string,
  start: number,
  end: number,
  closed: number,
  next: number,
): boolean {
  if (next >= line.length) return true;
  if (next === closed) return false; // no space after: a number, an address, "EE.UU."
  const following = line[next];
  if (following !== undefined && DASHES.includes(following)) {
    // A dash after the end of a sentence opens a dialogue tag (lowercase) or a new line of speech.
    let after = next + 1;
    while (after < line.length && line[after] === ' ') after++;
    return !isLowercase(line[after]);
  }
  if (!isSentenceStart(following)) return false;
  if (line.slice(start, end) === '.') {
    const word = wordBefore(line, start);
    if (ABBREVIATIONS.has(word.toLowerCase())) return false;
    // An initial: one capital letter ("J. R. Jiménez"); not the sign of an ordinal ("el 2º.").
    if (/^\p{Lu}$/u.test(word)) return false;
  }
  return true;
}

function splitLine(line: string): string[] {
  const sentences: string[] = [];
  let sentenceStart = 0;
  let i = 0;
  while (i < line.length) {
    if (!TERMINAL.includes(line[i]!)) {
      i++;
      continue;
    }
    const start = i;
    while (i < line.length && TERMINAL.includes(line[i]!)) i++;
    const terminalEnd = i;
    while (i < line.length && CLOSERS.includes(line[i]!)) i++;
    let next = i;
    while (next < line.length && /\s/u.test(line[next]!)) next++;
    if (endsSentence(line, start, terminalEnd, i, next)) {
      sentences.push(line.slice(sentenceStart, i));
      sentenceStart = next;
      i = next;
    }
  }
  sentences.push(line.slice(sentenceStart));
  return sentences;
}

/** The sentences of a text, in order, each exactly as written (trimmed). */
export function splitSentences(text: string): string[] {
  return text
    .split(/\r\n|\r|\n|\u2028|\u2029/u)
    .flatMap(splitLine)
    .map((sentence) => sentence.trim())
    .filter((sentence) => sentence !== '');
}
