import type { AuditEventPage, AuditEventView } from '@kainga/contracts';
import { waitForProjection } from '@kainga/platform';
import { randomUUID } from 'node:crypto';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, registerAdmin, startTestApp, type TestApp } from '../../testing/test-app';
import { CSV_COLUMNS } from './export-format';
import { EXPORT_PAGE } from './export-route';

/** RFC 4180 records: quoted fields may hold commas, doubled quotes and line breaks; records end with CRLF. */
function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      record.push(field);
      field = '';
    } else if (c === '\r' && text[i + 1] === '\n') {
      record.push(field);
      records.push(record);
      record = [];
      field = '';
      i++;
    } else field += c;
  }
  expect(field === '' && record.length === 0, 'the file ends with a whole record').toBe(true);
  return records;
}

let t: TestApp;
let admin: ReturnType<typeof client>;
let adminId: string;
/** More events than one export page, so the export reads page after page. */
const BULK = EXPORT_PAGE * 2 + 37;

beforeAll(async () => {
  t = await startTestApp({ ADMIN_EMAILS: 'exporter@example.nz' });
  admin = client(t.app);
  adminId = (await registerAdmin(t, admin, 'exporter@example.nz')).id;
  const metadata = { actorId: adminId, actorRoles: ['admin' as const], correlationId: 'bulk', causationId: null, occurredAt: new Date().toISOString() };
  const note = (i: number) => (i % 7 === 0 ? `Line ${i}, with "quotes"\r\nand a break` : `Line ${i}`);
  await t.stores.eventStore.append('bulk-1', Array.from({ length: BULK }, (_, i) => ({ id: randomUUID(), type: i % 2 ? 'CouponRedeemed' : 'CouponRedemptionReleased', data: { i, note: note(i) }, metadata })), { expectedRevision: 'no_stream' });
  expect(await waitForProjection(t.stores.readStore, 'audit_log', await t.stores.eventStore.headPosition(), 20_000)).toBe(true);
});
afterAll(() => t?.close());

/** The same view read a page at a time through GET /api/admin/events. */
async function paged(query: string): Promise<AuditEventView[]> {
  const events: AuditEventView[] = [];
  let cursor: string | null = null;
  do {
    const page: AuditEventPage = (await admin.get(`/api/admin/events?${query}&limit=200${cursor ? `&cursor=${cursor}` : ''}`)).json();
    events.push(...page.events);
    cursor = page.nextCursor;
  } while (cursor);
  return events;
}

describe('GET /api/admin/events/export', () => {
  it('streams NDJSON: the filtered view, page after page, as the pages show it', async () => {
    const res = await admin.get('/api/admin/events/export?stream=bulk-1&order=oldest');
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    expect(res.headers['content-type']).toBe('application/x-ndjson; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="kainga-events-\d{8}T\d{6}Z\.ndjson"$/);
    const lines = res.body.split('\n');
    expect(lines.pop()).toBe('');
    const exported = lines.map((l) => JSON.parse(l) as AuditEventView);
    expect(exported).toHaveLength(BULK);
    expect(exported.map((e) => e.revision)).toEqual(Array.from({ length: BULK }, (_, i) => i));
    expect(exported).toEqual(await paged('stream=bulk-1&order=oldest'));
    expect(exported[7]).toMatchObject({ type: 'CouponRedeemed', data: { i: 7, note: 'Line 7, with "quotes"\r\nand a break' }, actor: { id: adminId, email: 'exporter@example.nz' } });
  });

  it('streams RFC 4180 CSV with fixed columns that parse back to the same events, newest first by default', async () => {
    const res = await admin.get('/api/admin/events/export?format=csv&stream=bulk-1&type=CouponRedeemed');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="kainga-events-\d{8}T\d{6}Z\.csv"$/);
    const [header, ...rows] = parseCsv(res.body);
    expect(header).toEqual([...CSV_COLUMNS]);
    const expected = await paged('stream=bulk-1&type=CouponRedeemed');
    expect(rows).toHaveLength(Math.floor(BULK / 2));
    const col = (name: (typeof CSV_COLUMNS)[number]) => CSV_COLUMNS.indexOf(name);
    expect(rows.map((r) => r[col('eventId')])).toEqual(expected.map((e) => e.id));
    for (const [k, r] of rows.entries()) {
      const e = expected[k]!;
      expect(r[col('position')]).toBe(e.position);
      expect(Number(r[col('revision')])).toBe(e.revision);
      expect(r[col('actorEmail')]).toBe('exporter@example.nz');
      expect(r[col('actorRoles')]).toBe('admin');
      expect(r[col('causationId')]).toBe('');
      expect(JSON.parse(r[col('data')]!)).toEqual(e.data);
    }
  });

  it('writes only the header when nothing matches, and refuses bad filters before writing anything', async () => {
    const empty = await admin.get('/api/admin/events/export?format=csv&actor=nobody@example.nz');
    expect(empty.statusCode).toBe(200);
    expect(empty.body).toBe(`${CSV_COLUMNS.join(',')}\r\n`);
    expect((await admin.get('/api/admin/events/export?format=ndjson&stream=bulk-9')).body).toBe('');
    for (const [query, message] of [
      ['format=xlsx', /format must be 'csv' or 'ndjson'/],
      ['from=2026-03-02&to=2026-03-01', /^from must be before to\.$/],
      ['to=not-a-date', /to must be a date/],
    ] as const) {
      const res = await admin.get(`/api/admin/events/export?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().message).toMatch(message);
    }
  });

  it('records each export with its filters and format', async () => {
    await admin.get('/api/admin/events/export?format=csv&stream=bulk-1&correlationId=bulk&order=oldest');
    expect(await waitForProjection(t.stores.readStore, 'audit_log', await t.stores.eventStore.headPosition())).toBe(true);
    // Newest first: the last export is the first export record (the listing is recorded too, as a view of kind 'events').
    const views = await paged(`type=AuditHistoryViewed&actor=${adminId}`);
    const exports = views.filter((v) => (v.data as { viewed: { kind: string } }).viewed.kind === 'export');
    // Five exports in this file were answered; the three refused ones were not views.
    expect(exports).toHaveLength(5);
    expect(exports[0]!.data).toEqual({ viewerId: adminId, viewed: { kind: 'export', format: 'csv', order: 'oldest', filters: { stream: 'bulk-1', correlationId: 'bulk' } }, viewedAt: exports[0]!.occurredAt });
  });

  it('compresses the download as it streams when the client accepts it: the same file, several times smaller', async () => {
    for (const format of ['csv', 'ndjson'] as const) {
      const query = `/api/admin/events/export?format=${format}&stream=bulk-1&order=oldest`;
      const plain = await admin.get(query);
      expect(plain.headers['content-encoding']).toBeUndefined();
      const br = await admin.get(query, { 'accept-encoding': 'br, gzip' });
      expect(br.headers['content-encoding'], format).toBe('br');
      expect(br.headers['content-disposition']).toMatch(new RegExp(`^attachment; filename="kainga-events-\\d{8}T\\d{6}Z\\.${format}"$`));
      expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
      expect(br.rawPayload.length * 3).toBeLessThan(plain.rawPayload.length);
      const gzip = await admin.get(query, { 'accept-encoding': 'gzip' });
      expect(gzip.headers['content-encoding']).toBe('gzip');
      expect(gunzipSync(gzip.rawPayload).toString()).toBe(plain.body);
    }
  });
});
