import { recordSale } from '@kainga/command-api';
import { csvRows, type EventMetadata } from '@kainga/contracts';
import type { Stores } from '@kainga/platform';
import { parseCsv, type CsvRecord } from './csv';
import { optionalColumns, requiredColumns, saleColumns, validateRow, type SaleColumn, type SaleRow } from './validate-row';

/** The file cannot be imported at all: unreadable CSV, or a header without the required columns. */
export class SalesFileError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SalesFileError';
  }
}

export interface RowError {
  /** The line of the file where the row starts (the header is line 1), as a spreadsheet numbers rows. */
  row: number;
  /** Every problem of the row, separated by '; '. */
  message: string;
  /** The row as it was in the file, for the errors file. */
  fields: string[];
}

export interface ImportSummary {
  /** Data rows in the file. */
  rows: number;
  /** Sales recorded now. */
  imported: number;
  /** Valid rows whose sale was already recorded (an earlier import, or twice in this file). */
  alreadyPresent: number;
  rejected: number;
  errors: RowError[];
  /** The header as it was in the file (for the errors file). */
  header: string[];
}

export interface ImportOptions {
  /** Recorded as the sale's `source`, e.g. 'csv-import:sales-2025.csv'. */
  source: string;
  /** Shared by every event of this import, e.g. 'import:sales-2025.csv:2026-01-02T03:04:05.000Z'. */
  correlationId: string;
  /** Time of the import: the events' occurredAt, and what "a date in the future" means. */
  now?: Date;
  /** Mark the sales as demo data (for the fictitious example file). */
  demo?: boolean;
  /** Called once the file is read, then after every row. */
  onProgress?: (done: number, total: number) => void;
}

/** Column index by name; lower-cased, trimmed names; unknown columns are ignored. */
export function readHeader(fields: readonly string[]): Map<SaleColumn, number> {
  const names = fields.map((f) => f.trim().toLowerCase());
  const missing = requiredColumns.filter((c) => !names.includes(c));
  const duplicated = saleColumns.filter((c) => names.indexOf(c) !== names.lastIndexOf(c));
  const problems = [
    missing.length > 0 && `missing column${missing.length > 1 ? 's' : ''}: ${missing.join(', ')}`,
    duplicated.length > 0 && `duplicated column${duplicated.length > 1 ? 's' : ''}: ${duplicated.join(', ')}`,
  ].filter(Boolean);
  if (problems.length > 0) {
    throw new SalesFileError(
      `The header is not a sales header (${problems.join('; ')}). Expected: ${requiredColumns.join(',')}, optionally followed by ${optionalColumns.join(',')}.`,
    );
  }
  return new Map(saleColumns.flatMap((c) => (names.includes(c) ? [[c, names.indexOf(c)] as const] : [])));
}

/**
 * Imports a sales CSV (README.md beside this file): every valid row is recorded through
 * `recordSale`, which is idempotent, so importing the same file again records nothing new.
 * Rows are independent: a bad row is reported and the others still land. Throws a
 * SalesFileError when the file as a whole cannot be read.
 */
export async function importSales(stores: Stores, csvText: string, options: ImportOptions): Promise<ImportSummary> {
  let records: CsvRecord[];
  try {
    records = parseCsv(csvText);
  } catch (error) {
    throw new SalesFileError(`The file is not valid CSV: ${(error as Error).message}.`);
  }
  const [head, ...rows] = records;
  if (!head) throw new SalesFileError('The file is empty: it needs a header line and at least one sale.');
  const columns = readHeader(head.fields);
  const now = options.now ?? new Date();
  const metadata: EventMetadata = { actorId: null, actorRoles: [], correlationId: options.correlationId, causationId: null, occurredAt: now.toISOString() };
  const summary: ImportSummary = { rows: rows.length, imported: 0, alreadyPresent: 0, rejected: 0, errors: [], header: head.fields };

  options.onProgress?.(0, rows.length);
  for (const [i, record] of rows.entries()) {
    const row = Object.fromEntries(saleColumns.map((c) => [c, record.fields[columns.get(c) ?? -1] ?? ''])) as SaleRow;
    const shape: string[] = [];
    const extra = record.fields.slice(head.fields.length);
    if (record.fields.length < head.fields.length) shape.push(`the row has ${record.fields.length} fields but the header has ${head.fields.length} (a missing comma or an unquoted value?)`);
    else if (extra.some((f) => f.trim() !== '')) shape.push(`the row has ${record.fields.length} fields but the header has ${head.fields.length} (a comma inside a value that is not in quotes?)`);
    const result = validateRow(row, now);
    const problems = [...shape, ...(result.ok ? [] : result.problems)];
    if (problems.length > 0 || !result.ok) {
      summary.rejected++;
      summary.errors.push({ row: record.line, message: problems.join('; '), fields: record.fields });
    } else {
      const { recorded } = await recordSale({ stores }, { ...result.sale, demo: options.demo ?? false, source: options.source }, metadata);
      if (recorded) summary.imported++;
      else summary.alreadyPresent++;
    }
    options.onProgress?.(i + 1, rows.length);
  }
  return summary;
}

/**
 * The rejected rows as CSV: `row,errors`, then the file's own columns with the row as it was.
 * Fix the values, delete the two first columns or not (unknown columns are ignored), and import
 * the file again. A value a spreadsheet would run as a formula comes back with an apostrophe in
 * front (contracts' csv-cell.ts); numbers, negative ones too, come back as they were.
 */
export function errorsCsv(summary: Pick<ImportSummary, 'header' | 'errors'>): string {
  return csvRows([['row', 'errors', ...summary.header], ...summary.errors.map((e) => [e.row, e.message, ...e.fields])]);
}
