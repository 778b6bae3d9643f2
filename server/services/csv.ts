/**
 * CSV for spreadsheets: RFC 4180 (CRLF rows, fields quoted when they hold a comma, quote or line
 * break, quotes doubled), UTF-8 with a byte-order mark so Excel reads accents and '£' correctly.
 */
export const CSV_BOM = "\uFEFF";

// A spreadsheet runs a cell starting with one of these as a formula (CSV injection, OWASP).
const FORMULA_START = /^[=+\-@\t\r]/;

/** One cell: formula starts neutralised with a leading apostrophe, quoted only when needed. */
export function csvCell(value: string): string {
  const safe = FORMULA_START.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

export const csvRow = (values: string[]) => `${values.map(csvCell).join(",")}\r\n`;
