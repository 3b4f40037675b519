/**
 * How every CSV Kāinga writes spells its cells: the audit export, the ad-event download and the
 * replay CLI (the same bytes), the sales importer's file of rejected rows and the benchmarks'
 * sales files. Here, in contracts, so that every package (and the PWA, should it ever write one)
 * uses this one and no other.
 *
 * RFC 4180: a cell holding a comma, a double quote or a line break is quoted, its quotes doubled;
 * so is one with a space at either end, which some readers would trim otherwise. null and
 * undefined are empty cells; every record, the header too, ends with CRLF.
 *
 * Formula injection (OWASP "CSV Injection", ASVS 1.2.10): a spreadsheet runs a cell starting with
 * =, +, - or @ as a formula (`=HYPERLINK(…)` sends data away, `=cmd|' /C calc'!A0` starts a
 * program), and a leading tab, carriage return or NUL can smuggle one past a check. Text starting
 * with one of those, or with spaces and then a sign (a spreadsheet may trim before it looks), gets
 * an apostrophe in front: spreadsheets read the cell as text, and a reader sees what was sent.
 * The full-width signs (＝ ＋ － ＠) are treated alike: no spreadsheet is known to run them, but
 * Unicode's compatibility folding (NFKC) turns them into the ASCII signs, and no text of ours
 * starts with one, so the apostrophe costs nothing.
 *
 * Numbers are not neutralised, whatever their sign. A value of type number (a log position, a
 * revision, a price, a latitude: our own code's) cannot hold a formula, and -36.85 must stay a
 * number for the spreadsheet and for a re-import. Text that is exactly a decimal number ("-12.5",
 * as a rejected row of a sales file carries it) is left alone too, as Python's defusedcsv does:
 * a spreadsheet reads it as that number and runs nothing. Any other text is neutralised whoever
 * wrote it: no column is trusted because only our code fills it today.
 */
export type CsvValue = string | number | null | undefined;

/** What a spreadsheet could take for a formula (see above). */
const FORMULA_START = /^(?:[\t\r\0]|\s*[=+\-@\uFF1D\uFF0B\uFF0D\uFF20])/;
/** A plain decimal number, which a spreadsheet reads as that number. */
const DECIMAL = /^-?\d+(?:\.\d+)?$/;
const NEEDS_QUOTES = /[",\r\n]|^\s|\s$/;

/** One cell, neutralised and quoted as above. */
export function csvCell(value: CsvValue): string {
  if (value === null || value === undefined) return '';
  let text = String(value);
  if (typeof value === 'string' && FORMULA_START.test(text) && !DECIMAL.test(text)) text = `'${text}`;
  return NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** One record: its cells separated by commas, ended by CRLF. */
export const csvRow = (values: readonly CsvValue[]): string => `${values.map(csvCell).join(',')}\r\n`;

/** Records as CSV text, each ended by CRLF. */
export const csvRows = (rows: readonly (readonly CsvValue[])[]): string => rows.map(csvRow).join('');
