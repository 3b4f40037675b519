import { AD_EVENT_TEXT_FORMATS, adActivityEventTypes, csvRow, type AdEventTextFormat } from '@kainga/contracts';
import type { RecordedEvent } from '@kainga/platform';

/**
 * The flat record of one ad impression or click, in this fixed column order (the CSV header and
 * the key order of every NDJSON object). `kind` is 'impression' or 'click' rather than the event
 * type name: an analyst groups by it and needs no knowledge of our event names. `activityId` is
 * the impression's or the click's own id (`impressionId`/`clickId`), `at` the time the activity
 * happened as the server that took it saw it, `recordedAt` when the log stored it.
 */
export const AD_RECORD_COLUMNS = [
  'position',
  'recordedAt',
  'kind',
  'eventId',
  'activityId',
  'at',
  'adContentId',
  'subscriptionId',
  'partnerId',
  'tier',
  'placement',
  'city',
  'suburb',
  'userId',
  'propertyId',
  'userAgent',
  'ipHash',
  'sessionHash',
] as const;

export type AdRecordColumn = (typeof AD_RECORD_COLUMNS)[number];
export type AdRecord = Record<AdRecordColumn, string | null>;
/** The text formats (the CLI adds Parquet, in ops, where its library lives). */
export type ReplayFormat = AdEventTextFormat;
export const REPLAY_FORMATS: readonly ReplayFormat[] = AD_EVENT_TEXT_FORMATS;

export const adKind = (type: string): 'impression' | 'click' => (type === adActivityEventTypes[0] ? 'impression' : 'click');

/** null stays null (absent in the data, or a null the schema allows); anything else as text. */
const text = (v: unknown): string | null => (v === undefined || v === null ? null : typeof v === 'string' ? v : JSON.stringify(v));

/**
 * The record of an `AdImpressionRecorded`/`AdClickRecorded` event. The data is read as stored,
 * not re-validated: a replay must show the log as it is, and validating every event would cost
 * more than the rest of the replay.
 */
export function toAdRecord(e: RecordedEvent): AdRecord {
  const d = (e.data ?? {}) as Record<string, unknown>;
  const kind = adKind(e.type);
  // Built in AD_RECORD_COLUMNS' order: JSON.stringify keeps insertion order.
  return {
    position: e.position,
    recordedAt: e.recordedAt,
    kind,
    eventId: e.id,
    activityId: text(kind === 'impression' ? d.impressionId : d.clickId),
    at: text(d.at),
    adContentId: text(d.adContentId),
    subscriptionId: text(d.subscriptionId),
    partnerId: text(d.partnerId),
    tier: text(d.tier),
    placement: text(d.placement),
    city: text(d.city),
    suburb: text(d.suburb),
    userId: text(d.userId),
    propertyId: text(d.propertyId),
    userAgent: text(d.userAgent),
    ipHash: text(d.ipHash),
    sessionHash: text(d.sessionHash),
  };
}

/** One JSON object and a `\n`. */
export const ndjsonLine = (r: AdRecord): string => `${JSON.stringify(r)}\n`;

/**
 * CSV as every Kāinga export writes it (contracts' csv-cell.ts): RFC 4180, and a city, suburb,
 * property id or user agent that a spreadsheet would run as a formula (anyone's browser sends
 * them) neutralised.
 */
export const csvHeader = (): string => csvRow(AD_RECORD_COLUMNS);
export const csvLine = (r: AdRecord): string => csvRow(AD_RECORD_COLUMNS.map((c) => r[c]));

export const formatRecord = (format: ReplayFormat): ((r: AdRecord) => string) => (format === 'csv' ? csvLine : ndjsonLine);

/** What a format writes: its opening bytes, each page of records, its closing bytes (each may be empty). */
export interface AdRecordEncoder {
  start(): string | Uint8Array;
  page(records: readonly AdRecord[]): string | Uint8Array;
  end(): string | Uint8Array;
}

/** NDJSON (no header) or CSV (its header first): one line per record, nothing after the last. */
export function textEncoder(format: ReplayFormat): AdRecordEncoder {
  const line = formatRecord(format);
  return {
    start: () => (format === 'csv' ? csvHeader() : ''),
    page: (records) => {
      let chunk = '';
      for (const r of records) chunk += line(r);
      return chunk;
    },
    end: () => '',
  };
}
