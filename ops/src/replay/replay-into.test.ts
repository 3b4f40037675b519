import { EmbeddedReadStore, SqliteEventStore, applyBatch, ensureIndexes, loadConfig, openReadStore } from '@kainga/platform';
import { mongoTestServer } from '@kainga/platform/testing';
import { AD_ANALYTICS, AD_ANALYTICS_FILTER, adAnalyticsProjector, type AdAnalyticsDoc } from '@kainga/projections';
import { adLogDataDir } from '@kainga/projections/ad-records/testing';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { main } from './replay-cli';
import { AD_ANALYSIS, readAnalysis } from './replay-into';
import { analysisLocation } from './replay-into-cli';

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

const LIVE_DOC = { _id: 'live-sentinel', day: '2026-01-01', partnerId: 'p', subscriptionId: null, tier: null, placement: null, city: null, impressions: 99, clicks: 9, leads: 1 };

let dataDir: string;
const liveFile = () => join(dataDir, 'read-models.sqlite');
const fileHash = (file: string) => createHash('sha256').update(readFileSync(file)).digest('hex');
let liveHash: string;

beforeAll(async () => {
  // The fixture's impressions and clicks (ad-log.fixture.ts), then a lead to partner-1 at 23:00 on 2 March in New Zealand.
  dataDir = await adLogDataDir();
  const log = new SqliteEventStore(join(dataDir, 'events.sqlite'));
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-03-02T10:00:00.000Z'));
  const at = '2026-03-02T10:00:00.000Z';
  const data = { leadId: 'lead-1', partnerId: 'partner-1', userId: null, origin: 'partner_dialog', serviceType: 'ad_inquiry', propertyId: null, locationId: 'wellington', requestMessage: 'Hi', contactName: 'Mere', contactEmail: 'mere@example.nz', contactPhone: null, receivedAt: at, demo: false };
  await log.append('partnerLead-lead-1', [{ id: 'event-lead-1', type: 'PartnerLeadReceived', data, metadata: { actorId: null, actorRoles: [], correlationId: 'lead-1', causationId: null, occurredAt: at } }], { expectedRevision: 'no_stream' });
  vi.useRealTimers();
  await log.close();
  // A live read model with a document of its own: no replay may change it.
  const live = new EmbeddedReadStore(liveFile());
  await live.commit([{ collection: AD_ANALYTICS, insertOne: { document: LIVE_DOC } }]);
  await live.close();
  liveHash = fileHash(liveFile());
});

afterAll(() => vi.useRealTimers());

async function replay(...args: string[]) {
  const out = sink();
  const err = sink();
  const code = await main(['ads', ...args], { env: { DATA_DIR: dataDir, LOG_LEVEL: 'silent' }, stdout: out.stream, stderr: err.stream });
  return { code, out: out.text(), err: err.text() };
}

async function analysis(name: string) {
  const store = new EmbeddedReadStore(join(dataDir, 'analyses', name, 'read-models.sqlite'));
  try {
    return await readAnalysis(store);
  } finally {
    await store.close();
  }
}

const counts = (docs: AdAnalyticsDoc[]) => docs.map(({ _id, impressions, clicks, leads }) => ({ _id, impressions, clicks, leads }));

describe('npm run replay -- ads --into <analysis>', () => {
  it('replays the whole log into an analysis and prints its figures by NZ day, tier and placement', async () => {
    const { code, out, err } = await replay('--into', 'all-time');
    expect(code, err).toBe(0);
    const kept = join(dataDir, 'analyses', 'all-time', 'read-models.sqlite');
    expect(out).toBe(
      [
        'Analysis "all-time": the start of the log to the end of the log, as of log position 00000000000000000009 (recorded 2026-03-02T10:00:00.000Z).',
        '',
        'By tier',
        'day (NZ)    tier    impressions  clicks      CTR  leads',
        '2026-03-01  gold              2       0    0.00%      0',
        '2026-03-02  gold              1       1  100.00%      0',
        '2026-03-02  silver            0       1    0.00%      0',
        '2026-03-02  bronze            1       0    0.00%      0',
        '2026-03-02  none              0       0    0.00%      1',
        '',
        'By placement',
        'day (NZ)    placement            impressions  clicks     CTR  leads',
        '2026-03-01  sidebar_valuation              2       0   0.00%      0',
        '2026-03-02  sidebar_valuation              2       1  50.00%      0',
        '2026-03-02  mortgage_calculator            0       1   0.00%      0',
        '2026-03-02  none                           0       0   0.00%      1',
        '',
        'Totals: 4 impressions, 2 clicks, CTR 50.00%, 1 leads',
        `Kept in ${kept} (collections ad_analytics and ad_analysis).`,
        '',
      ].join('\n'),
    );
    const { summary, docs } = await analysis('all-time');
    expect(summary).toMatchObject({ name: 'all-time', from: null, to: null, asOfPosition: '00000000000000000009', impressions: 4, clicks: 2, leads: 1 });
    // The analysis of the whole log holds what the live projector makes of it.
    const log = new SqliteEventStore(join(dataDir, 'events.sqlite'));
    const scratch = new EmbeddedReadStore(':memory:');
    await ensureIndexes(scratch, [adAnalyticsProjector]);
    await applyBatch(scratch, adAnalyticsProjector, await log.readAll({ filter: AD_ANALYTICS_FILTER }), 'ad_analytics', (c) => c);
    expect(counts(docs)).toEqual(counts(await scratch.collection<AdAnalyticsDoc>(AD_ANALYTICS).find({}, { sort: { _id: 1 } })));
    await log.close();
    await scratch.close();
  });

  it('answers "as of" the end of the range: what the dashboard said at the end of 1 March (UTC)', async () => {
    const { code, out, err } = await replay('--into', 'march-1', '--to', '2026-03-02');
    expect(code, err).toBe(0);
    expect(out).toContain('as of log position 00000000000000000004 (recorded 2026-03-01T23:59:59.999Z)');
    expect(out).toContain('Totals: 2 impressions, 1 clicks, CTR 50.00%, 0 leads');
    const { summary, docs } = await analysis('march-1');
    expect(summary).toMatchObject({ from: null, to: '2026-03-02T00:00:00.000Z', impressions: 2, clicks: 1, leads: 0 });
    // Click 1 was at 12:59 on 2 March in New Zealand: counted on that NZ day.
    expect(docs.map((d) => ({ day: d.day, tier: d.tier, city: d.city, impressions: d.impressions, clicks: d.clicks }))).toEqual([
      { day: '2026-03-01', tier: 'gold', city: null, impressions: 1, clicks: 0 },
      { day: '2026-03-01', tier: 'gold', city: 'Wellington', impressions: 1, clicks: 0 },
      { day: '2026-03-02', tier: 'silver', city: 'Wellington', impressions: 0, clicks: 1 },
    ]);
    // A range from a log position on.
    const later = await replay('--into', 'from-5', '--from', '5');
    expect(later.code, later.err).toBe(0);
    expect((await analysis('from-5')).summary).toMatchObject({ impressions: 2, clicks: 1, leads: 1 });
  });

  it('gives identical figures and documents when replayed twice, the second replacing the first', async () => {
    const first = await replay('--into', 'twice', '--from', '2026-03-02');
    const firstAnalysis = await analysis('twice');
    // Another range into the same name, then the first range again.
    expect((await replay('--into', 'twice', '--to', '2026-03-02')).code).toBe(0);
    expect((await analysis('twice')).summary).toMatchObject({ impressions: 2, clicks: 1 });
    const second = await replay('--into', 'twice', '--from', '2026-03-02');
    expect(first.code).toBe(0);
    expect(second.out).toBe(first.out);
    expect(await analysis('twice')).toEqual(firstAnalysis);
    expect(firstAnalysis.summary).toMatchObject({ from: '2026-03-02T00:00:00.000Z', impressions: 2, clicks: 1, leads: 1 });
  });

  it('leaves the live read models untouched', async () => {
    expect(fileHash(liveFile())).toBe(liveHash);
    const live = new EmbeddedReadStore(liveFile());
    expect(await live.collection(AD_ANALYTICS).find({})).toEqual([LIVE_DOC]);
    expect(await live.listCollections()).not.toContain(AD_ANALYSIS);
    await live.close();
  });

  it('refuses bad arguments with a message saying which and why', async () => {
    const refused = async (...args: string[]) => {
      const r = await replay(...args);
      expect(r.code).toBe(2);
      expect(r.out).toBe('');
      return r.err;
    };
    expect(await refused('--into', 'March 2026')).toMatch(/--into "March 2026": an analysis name is 1 to 48 lowercase letters, digits and hyphens/);
    expect(await refused('--into', '../live')).toMatch(/an analysis name is/);
    expect(await refused('--into')).toMatch(/--into/);
    expect(await refused('--into', 'x', '--format', 'csv')).toMatch(/--into writes an analysis, not a file: leave out --format/);
    expect(await refused('--into', 'x', '--from', '2026-02-30')).toMatch(/--from 2026-02-30: no such day/);
    expect(await refused('--into', 'x', '--from', '2026-03-02', '--to', '2026-03-01')).toMatch(/range is empty/);
    const help = await replay('--into', 'x', '--help');
    expect(help.code).toBe(0);
    expect(help.err).toContain('Usage: npm run replay -- ads --into <analysis>');
    expect(help.err).toContain('DATA_DIR/analyses/<name>/');
    expect(help.err).toContain('--from 2026-03-01 --to 2026-03-02 is 1 March');
    const noLog = await main(['ads', '--into', 'x'], { env: { DATA_DIR: join(dataDir, 'nowhere') }, stdout: sink().stream, stderr: sink().stream });
    expect(noLog).toBe(2);
    expect(existsSync(join(dataDir, 'analyses', 'x'))).toBe(false);
  });
});

// FerretDB (no transactions, no renameCollection dropTarget) unless MONGO_URL names a server.
const mongo = mongoTestServer();
describe('npm run replay -- ads --into <analysis> with MongoDB (FerretDB, or MONGO_URL)', () => {
  it('keeps the analysis in a database of its own, holding what the embedded analysis of the same range holds', async () => {
    const env = { DATA_DIR: dataDir, LOG_LEVEL: 'silent', MONGO_URL: await mongo.url(), MONGO_DB: 'kainga_replay_contract' };
    const out = sink();
    const err = sink();
    expect(await main(['ads', '--into', 'mongo-check', '--to', '2026-03-02'], { env, stdout: out.stream, stderr: err.stream }), err.text()).toBe(0);
    const where = analysisLocation(loadConfig(env), 'mongo-check');
    expect(out.text()).toContain(`Kept in MongoDB database ${where.mongoDb} (collections ad_analytics and ad_analysis).`);
    expect((await replay('--into', 'embedded-check', '--to', '2026-03-02')).code).toBe(0);
    const embedded = await analysis('embedded-check');
    const store = await openReadStore(where);
    try {
      const inMongo = await readAnalysis(store);
      expect({ ...inMongo.summary, name: 'same range' }).toEqual({ ...embedded.summary, name: 'same range' });
      expect(inMongo.docs).toEqual(embedded.docs);
    } finally {
      await store.close();
    }
    // The live read models stay as they were.
    expect(fileHash(liveFile())).toBe(liveHash);
  });
});
