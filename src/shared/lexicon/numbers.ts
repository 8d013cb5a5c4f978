// English for a number as Spanish writes it (issue 21): the word rule keeps `15.000`, `3,5`, `9:30`
// and `1.º` one word of the transcript, and a learner who looks one up gets its English form.

/** `1.º`, `1.ª`, `2º`, `3ª`, `1.er`, `1er`, `3.os`, `2.as`: an abbreviated ordinal. */
const ORDINAL = /^(\d+)\.?(?:º|ª|er|os|as)$/u;
/** `9:30`, `21:05`, `10:45:30`: a time of day. */
const TIME = /^([01]?\d|2[0-4]):[0-5]\d(?::[0-5]\d)?$/u;
/**
 * Spanish digits: a period groups thousands (`15.000`, `1.000.000`), a comma starts the decimals
 * (`3,5`, `1.234,56`); plain digits stay as they are (`1984`).
 */
const SPANISH_NUMBER = /^(\d{1,3}(?:\.\d{3})+|\d+)(?:,(\d+))?$/u;
/** `3.5`: decimals after a period, as English writes them (never three digits: `1.500` is 1,500). */
const POINT_DECIMAL = /^\d+\.(?:\d{1,2}|\d{4,})$/u;

function englishOrdinal(digits: string): string {
  const n = Number(digits);
  const lastTwo = n % 100;
  const suffix =
    lastTwo >= 11 && lastTwo <= 13 ? 'th' : ({ 1: 'st', 2: 'nd', 3: 'rd' }[n % 10] ?? 'th');
  return `${n}${suffix}`;
}

/**
 * The English form of a number, a time or an ordinal written the Spanish way: `15.000` → "15,000",
 * `3,5` → "3.5", `1.234,5` → "1,234.5", `9:30` → "9:30", `1.º` → "1st", `2.ª` → "2nd"; null for
 * anything else (a word, `3:1`, `1.2.3`).
 */
export function numberGloss(word: string): string | null {
  const text = word.trim();
  const ordinal = ORDINAL.exec(text);
  if (ordinal) return englishOrdinal(ordinal[1]!);
  if (TIME.test(text)) return text;
  if (POINT_DECIMAL.test(text)) return text;
  const number = SPANISH_NUMBER.exec(text);
  if (!number) return null;
  const whole = number[1]!.replaceAll('.', ',');
  return number[2] === undefined ? whole : `${whole}.${number[2]}`;
}
