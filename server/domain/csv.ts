// CSV for spreadsheets: RFC 4180 quoting, and formula neutralising so that a cell a tourist's device
// or an operator typed can never run as a formula when the file is opened (CSV injection).

export type CsvCell = string | number | null | undefined;

/** Characters that make a spreadsheet treat a cell as a formula (or split it into one). */
const FORMULA_TRIGGERS = ['=', '+', '-', '@', '\t', '\r', '\n'];

/** Prefixes `'` to a cell that starts like a formula. Negative numbers too: the contract asks for it. */
export function neutraliseFormula(text: string): string {
  return FORMULA_TRIGGERS.some((trigger) => text.startsWith(trigger)) ? `'${text}` : text;
}

/** RFC 4180: a cell holding a quote, comma, CR or LF is quoted, with its quotes doubled. */
export function quoteCell(text: string): string {
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export function csvCell(value: CsvCell): string {
  if (value === null || value === undefined) return '';
  return quoteCell(neutraliseFormula(String(value)));
}

export function csvLine(cells: readonly CsvCell[]): string {
  return cells.map(csvCell).join(',') + '\r\n';
}

/** Header line then one line per row, every line ended by CRLF. Header names are written as given. */
export function toCsv(header: readonly string[], rows: readonly (readonly CsvCell[])[]): string {
  return [header, ...rows].map(csvLine).join('');
}
