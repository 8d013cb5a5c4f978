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

/** RFC 4180: a field with a comma, a quote or a line break is quoted, its quotes doubled. */
export function csvField(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

/** The deck as CSV text: BOM, header, one CRLF-terminated record per item, values as written. */
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
