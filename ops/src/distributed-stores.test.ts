import { client } from '@kainga/command-api/testing';
import { paymentsFor, waitForProjection } from '@kainga/platform';
import { mongoTestServer } from '@kainga/platform/testing';
import { allProjectors } from '@kainga/projections';
import { createActivities, createAdSubscriptionActivities, createLeadChargeActivities, TASK_QUEUE } from '@kainga/workflows';
import { forTemporal, quietTemporalRuntime, startTemporalTestServer, startTestWorker, type RunningTestWorker } from '@kainga/workflows/testing';
import type { TestWorkflowEnvironment } from '@temporalio/testing';
import type { FastifyInstance } from 'fastify';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, seedDemoData, type DemoSize } from './demo-data';
import { startKainga, type Kainga } from './server';

/**
 * The whole service as the distributed setup runs it, on the servers that run here: read models,
 * vault, credentials and blobs on FerretDB (MongoDB's wire protocol without its transactions),
 * valuations on a Temporal dev server with a worker beside it; the event log stays SQLite (no
 * KurrentDB runs here). It seeds the demo data (three towns of it, so the run stays small) and
 * must answer the main reads exactly as the embedded service does after the same seed.
 */
const firstThree = (l: { id: string }) => ['auckland', 'orewa', 'pukekohe'].includes(l.id);
const size: DemoSize = { salesPerCity: (l) => (firstThree(l) ? 6 : 0), propertiesPerCity: (l) => (firstThree(l) ? 3 : 0) };
const now = new Date('2026-11-20T09:00:00.000Z');

/** What the public, a member and the admin read, by the routes the web app calls. */
const PUBLIC_READS = [
  '/api/public/stats',
  '/api/summaries/valuations',
  '/api/locations',
  '/api/public/property-locations',
  '/api/public/property-directory',
  '/api/public/property-directory/cities',
  '/api/partners/location/auckland',
  '/api/ad-plans',
];
const OWNER_READS = ['/api/valuations', '/api/my-roles'];
const ADMIN_READS = ['/api/admin/users', '/api/admin/properties', '/api/admin/stats', '/api/admin/partners', '/api/admin/partner-applications', '/api/admin/ad-content', '/api/admin/partner-ad-subscriptions', '/api/admin/coupons'];

const mongo = mongoTestServer();
const pwaDir = mkdtempSync(join(tmpdir(), 'kainga-no-pwa-'));
const env = { HOST: '127.0.0.1', SEED_DEMO: 'false', LOG_LEVEL: 'silent', NODE_ENV: 'test' };
const running: Kainga[] = [];
let temporal: TestWorkflowEnvironment | undefined;
let worker: RunningTestWorker | undefined;

afterAll(async () => {
  await worker?.stop();
  await Promise.all(running.splice(0).map((k) => k.close()));
  await temporal?.teardown();
}, 60_000);

const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/;
/**
 * The demo data is dated up to its "today" (`now`); what commands record at the time they run
 * (plan creation, approvals, the seed's own markers) carries the clock of each run, which differs
 * between the two runs by design: those times, later than `now`, read as one placeholder.
 */
function withoutRunTimes(value: unknown): unknown {
  if (typeof value === 'string') return ISO_TIME.test(value) && value > now.toISOString() ? '(time of the run)' : value;
  if (Array.isArray(value)) return value.map(withoutRunTimes);
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, withoutRunTimes(v)]));
  return value;
}

/** Seeds the demo data, waits for every read model to hold it, and reads every route. */
async function seedAndRead(kainga: Kainga) {
  await seedDemoData(kainga.deps, { now, size });
  const { eventStore, readStore } = kainga.deps.stores;
  const head = (await eventStore.readAll({ limit: 1_000_000 })).at(-1)!.position;
  for (const p of allProjectors) expect(await waitForProjection(readStore, p.name, head, 30_000), p.name).toBe(true);
  const app = kainga.app as FastifyInstance;
  const reads: Record<string, unknown> = {};
  const read = async (who: ReturnType<typeof client>, url: string) => {
    const res = await who.get(url);
    expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
    reads[url] = withoutRunTimes(res.json());
  };
  const visitor = client(app);
  for (const url of PUBLIC_READS) await read(visitor, url);
  for (const [email, urls] of [['owner@demo.kainga.nz', OWNER_READS], ['admin@demo.kainga.nz', ADMIN_READS]] as const) {
    const member = client(app);
    expect((await member.post('/api/auth/login', { email, password: DEMO_PASSWORD })).statusCode).toBe(200);
    for (const url of urls) await read(member, url);
  }
  return reads;
}

describe('the whole service on FerretDB and a Temporal dev server', () => {
  let distributed: Kainga;

  beforeAll(async () => {
    quietTemporalRuntime();
    temporal = await startTemporalTestServer();
    distributed = await startKainga({
      dataDir: mkdtempSync(join(tmpdir(), 'kainga-distributed-')),
      port: 0,
      pwaDir,
      env: { ...env, MONGO_URL: await mongo.url(), MONGO_DB: 'kainga_whole_service', TEMPORAL_ADDRESS: temporal.address, SESSION_SECRET: 'a-test-secret-of-at-least-32-characters' },
    });
    running.push(distributed);
    // The worker (`npm run worker`) on the service's own stores, as worker.ts composes its activities.
    const { stores, geocoder, logger, config } = distributed.deps;
    const payments = paymentsFor(config);
    worker = await startTestWorker(temporal, {
      taskQueue: TASK_QUEUE,
      activities: forTemporal({
        ...createActivities({ stores, geocoder, openai: null, logger }),
        ...createLeadChargeActivities({ eventStore: stores.eventStore, readStore: stores.readStore, payments }),
        ...createAdSubscriptionActivities({ eventStore: stores.eventStore, payments }),
      }),
    });
  }, 120_000);

  it('seeds the demo data and answers the main reads as the embedded service does', { timeout: 240_000 }, async () => {
    expect(distributed.deps.stores.describe).toMatchObject({ readStore: 'mongodb', blobStore: 'gridfs' });
    const onServers = await seedAndRead(distributed);

    const embedded = await startKainga({ dataDir: mkdtempSync(join(tmpdir(), 'kainga-embedded-')), port: 0, pwaDir, env });
    running.push(embedded);
    expect(embedded.deps.stores.describe).toMatchObject({ readStore: 'embedded' });
    const onEmbedded = await seedAndRead(embedded);

    // The demo valuations went through the Temporal worker and were projected into FerretDB.
    const stats = onServers['/api/public/stats'] as { totalValuations: number };
    expect(stats.totalValuations).toBeGreaterThan(0);
    const valuations = onServers['/api/valuations'] as { status: string }[];
    expect(valuations.length).toBeGreaterThan(0);
    expect(new Set(valuations.map((v) => v.status))).toEqual(new Set(['completed']));
    for (const url of Object.keys(onEmbedded)) expect(onServers[url], url).toEqual(onEmbedded[url]);
  });
});
