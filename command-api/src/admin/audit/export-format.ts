import type { AuditEventView } from '@kainga/contracts';

/**
 * How an export of the history writes each event. NDJSON: one AuditEventView per line, as the
 * page answers it. CSV (RFC 4180): a header row, then one row per event in fixed columns, CRLF
 * line ends, a field quoted when it holds a quote, comma or line break (quotes doubled), and the
 * event's data as one JSON cell.
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

/**
 * A CSV field. Text a person typed (a name) that a spreadsheet would run as a formula (it starts
 * with =, +, -, @, a tab or a carriage return) is prefixed with an apostrophe, as OWASP advises.
 */
function csvField(value: string | number | null, typed = false): string {
  let text = value === null ? '' : String(value);
  if (typed && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export const csvHeader = () => `${CSV_COLUMNS.join(',')}\r\n`;

export function csvRow(e: AuditEventView): string {
  return (
    [
      csvField(e.position),
      csvField(e.recordedAt),
      csvField(e.stream),
      csvField(e.revision),
      csvField(e.type),
      csvField(e.actor?.id ?? null),
      csvField(e.actor?.name ?? null, true),
      csvField(e.actor?.email ?? null, true),
      csvField(e.actorRoles.join(' ')),
      csvField(e.correlationId),
      csvField(e.causationId),
      csvField(e.occurredAt),
      csvField(e.id),
      csvField(JSON.stringify(e.data ?? null)),
    ].join(',') + '\r\n'
  );
}

export const ndjsonLine = (e: AuditEventView) => `${JSON.stringify(e)}\n`;

export const contentTypeOf: Record<ExportFormat, string> = { csv: 'text/csv; charset=utf-8', ndjson: 'application/x-ndjson; charset=utf-8' };
