import { csvRow as csvRecord, type AuditEventView } from '@kainga/contracts';

/**
 * How an export of the history writes each event. NDJSON: one AuditEventView per line, as the
 * page answers it. CSV: a header row, then one row per event in fixed columns, the event's data as
 * one JSON cell, written as every Kāinga CSV is (contracts' csv-cell.ts: RFC 4180, and text a
 * spreadsheet would run as a formula, such as a name someone typed, neutralised).
 */
export type ExportFormat = 'csv' | 'ndjson';

export const CSV_COLUMNS = [
  'position',
  'recordedAt',
  'stream',
  'revision',
  'type',
  'actorId',
  'actorName',
  'actorEmail',
  'actorRoles',
  'correlationId',
  'causationId',
  'occurredAt',
  'eventId',
  'data',
] as const;

export const csvHeader = () => csvRecord(CSV_COLUMNS);

export const csvRow = (e: AuditEventView): string =>
  csvRecord([
    e.position,
    e.recordedAt,
    e.stream,
    e.revision,
    e.type,
    e.actor?.id,
    e.actor?.name,
    e.actor?.email,
    e.actorRoles.join(' '),
    e.correlationId,
    e.causationId,
    e.occurredAt,
    e.id,
    JSON.stringify(e.data ?? null),
  ]);

export const ndjsonLine = (e: AuditEventView) => `${JSON.stringify(e)}\n`;

export const contentTypeOf: Record<ExportFormat, string> = { csv: 'text/csv; charset=utf-8', ndjson: 'application/x-ndjson; charset=utf-8' };
