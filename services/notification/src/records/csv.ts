/**
 * CSV as RFC 4180 has it (CRLF line ends, a field quoted when it holds a quote, comma or line
 * break, quotes doubled), safe to open in a spreadsheet: a cell that starts with =, +, -, @, a tab
 * or a carriage return would be read as a formula, so it is written with a leading apostrophe.
 */

/** Spreadsheets read UTF-8 files as such only with the byte order mark. */
export const UTF8_BOM = '\uFEFF';

const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\r\n]/;

export function csvCell(value: string | number | boolean | null | undefined): string {
  if (value === null || value === undefined) return '';
  let text = String(value);
  // Numbers the export writes itself (scores) are data, never formulas; text typed by people may be.
  if (typeof value === 'string' && FORMULA_START.test(text)) text = `'${text}`;
  return NEEDS_QUOTES.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export const csvRow = (cells: readonly (string | number | boolean | null | undefined)[]): string =>
  `${cells.map(csvCell).join(',')}\r\n`;
