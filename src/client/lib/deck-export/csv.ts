import { clipFileName, sourceText, type DeckItem } from './deck-item';

export const DECK_CSV_HEADER = [
  'text',
  'sentence',
  'translation',
  'gloss',
  'story',
  'chapter',
  'audio file name',
  // Last, so the columns before keep their places (decision 043).
  'translation source',
  'gloss source',
] as const;

/** Excel reads a CSV as UTF-8 only when it starts with this byte order mark. */
const BOM = '\uFEFF';

/** What a spreadsheet reads as the start of a formula (OWASP, "CSV Injection"). */
const FORMULA_START = /^[=+\-@\t\r]/;

const quoted = (value: string) => `"${value.replace(/"/g, '""')}"`;

/**
 * One field. RFC 4180: a field with a comma, a quote or a line break is quoted, its quotes
 * doubled. A value a spreadsheet would run as a formula (starting with =, +, -, @, a tab or a
 * carriage return) gets a single quote before it and is always quoted, as OWASP advises:
 * spreadsheets then read it as text, not as a formula (decision 036).
 */
export function csvField(value: string): string {
  if (FORMULA_START.test(value)) return quoted(`'${value}`);
  return /[",\r\n]/.test(value) ? quoted(value) : value;
}

/** The deck as CSV text: BOM, header, one CRLF-terminated record per item, values as saved. */
export function buildDeckCsv(items: readonly DeckItem[]): string {
  const rows = [
    DECK_CSV_HEADER,
    ...items.map((item) => [
      item.text,
      item.sentence,
      item.translation,
      item.gloss,
      item.story,
      item.chapter,
      clipFileName(item),
      sourceText(item.translation, item.translationByMachine),
      sourceText(item.gloss, item.glossByMachine),
    ]),
  ];
  return BOM + rows.map((row) => row.map(csvField).join(',') + '\r\n').join('');
}
