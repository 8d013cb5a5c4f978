export type Status = 'pass' | 'FAIL' | 'info';

export interface Row {
  figure: string;
  value: string;
  budget: string;
  status: Status;
}

/** A plain-text table with aligned columns. */
export function formatTable(rows: Row[]): string {
  const header: Row = { figure: 'figure', value: 'value', budget: 'budget', status: 'info' };
  const cells = (row: Row, isHeader = false) => [
    row.figure,
    row.value,
    row.budget,
    isHeader ? 'result' : row.status,
  ];
  const all = [cells(header, true), ...rows.map((row) => cells(row))];
  const widths = all[0]!.map((_, column) => Math.max(...all.map((line) => line[column]!.length)));
  const line = (values: string[]) =>
    values
      .map((value, column) =>
        // Numbers read best right-aligned.
        column === 1 ? value.padStart(widths[column]!) : value.padEnd(widths[column]!),
      )
      .join('  ')
      .trimEnd();
  const rule = widths.map((width) => '-'.repeat(width)).join('  ');
  return [line(all[0]!), rule, ...all.slice(1).map(line)].join('\n');
}

/** A figure printed for information, with no budget. */
export const infoRow = (figure: string, value: string): Row => ({
  figure,
  value,
  budget: '',
  status: 'info',
});

/** A figure held to its budget; `met` says whether it is. */
export const budgetRow = (figure: string, value: string, budget: string, met: boolean): Row => ({
  figure,
  value,
  budget,
  status: met ? 'pass' : 'FAIL',
});
