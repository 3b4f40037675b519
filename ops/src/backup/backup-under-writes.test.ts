import { client, registerAdmin } from '@kainga/command-api/testing';
import type { FastifyInstance } from 'fastify';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { valuationRequests } from '../bench/valuation-throughput';
import { seedDemoData } from '../demo-data';
import { startKainga, type Kainga } from '../server';
import { restoreBackup } from './restore-backup';
import { takeBackup } from './take-backup';

const ADMIN = 'admin@backup.example.nz';
const PASSWORD = 'correct horse battery';
const env = { HOST: '127.0.0.1', SEED_DEMO: 'false', LOG_LEVEL: 'silent', NODE_ENV: 'test', ADMIN_EMAILS: ADMIN };
const bodies = valuationRequests(new Date());

/** A person, from their own address (the sign-in throttle counts per address): registered, then one valuation asked for. */
async function person(app: FastifyInstance, n: number) {
  const c = client(app, { remoteAddress: `10.50.${Math.floor(n / 200)}.${(n % 200) + 1}` });
  const email = `owner${n}@backup.example.nz`;
  const me = await c.register(email, PASSWORD, 'Person', `Number${n}`);
  const res = await c.post('/api/valuations', bodies[n % bodies.length]);
  if (res.statusCode !== 200) throw new Error(`valuation failed: ${res.statusCode} ${res.body}`);
  return { n, email, id: me.id, client: c };
}

type Person = Awaited<ReturnType<typeof person>>;

describe('npm run backup of the running service, under live writes, restored elsewhere', () => {
  const scratch = mkdtempSync(join(tmpdir(), 'kainga-backup-live-'));
  const pwaDir = mkdtempSync(join(tmpdir(), 'kainga-no-pwa-'));
  const started: Kainga[] = [];
  const start = async (dataDir: string) => {
    const kainga = await startKainga({ dataDir, port: 0, pwaDir, env });
    started.push(kainga);
    return kainga;
  };
  afterAll(async () => {
    for (const kainga of started) await kainga.close();
    rmSync(scratch, { recursive: true, force: true });
    rmSync(pwaDir, { recursive: true, force: true });
  });

  it('holds every write acknowledged before it began, answers the same reads, and signs people in', { timeout: 60_000 }, async () => {
    const sourceDir = join(scratch, 'source');
    const source = await start(sourceDir);
    const app = source.app!;
    // A small market (a few sales a town, the demo's accounts), so valuations have comparables.
    await seedDemoData(source.deps, { size: { salesPerCity: () => 4, propertiesPerCity: 0 }, partners: false, adverts: false });
    const admin = client(app, { remoteAddress: '10.49.0.1' });
    await registerAdmin({ app, dataDir: sourceDir }, admin, ADMIN, PASSWORD);
    const upload = await source.deps.stores.blobStore.put('backup-test/photo', Buffer.from('not really a photo'), 'image/png');

    const before: Person[] = [];
    for (let n = 0; n < 6; n++) before.push(await person(app, n));
    // What the main reads answer for the data written before the backup began (none of it changes after).
    const valuationsOf = async (p: Person, c = p.client) => (await c.get('/api/valuations')).json() as unknown;
    const expectedValuations = await Promise.all(before.map((p) => valuationsOf(p)));
    const statsBefore = (await admin.get('/api/public/stats')).json() as Record<string, unknown>;

    // Writes keep coming, each recorded once acknowledged, while the backup is taken.
    let writing = true;
    const during: Person[] = [];
    const writer = (async () => {
      for (let n = 100; writing; n++) during.push(await person(app, n));
    })();
    /** Until `count` writes of the loop are acknowledged (a failed write fails the test at once). */
    const stopped = writer.then(() => Promise.reject(new Error('the writes stopped')));
    const acknowledged = async (count: number) => {
      while (during.length < count) await Promise.race([stopped, new Promise((r) => setTimeout(r, 20))]);
    };
    await acknowledged(2);
    const ackedAtStart = [...before, ...during];
    const backupDir = join(scratch, 'backup');
    const { manifest } = await takeBackup({ dataDir: sourceDir, target: backupDir });
    // A few more after it, so the backup is known to have run while writes were under way.
    await acknowledged(during.length + 2);
    writing = false;
    await writer;
    expect(manifest.files.map((f) => f.path)).toEqual(expect.arrayContaining(['read-models.sqlite', 'events.sqlite', 'credentials.sqlite', '.session-secret', 'blobs/backup-test/photo/bytes']));
    expect(manifest.files.some((f) => f.path.startsWith('outbox/') && f.path.endsWith('.eml'))).toBe(true);
    expect(manifest.files.filter((f) => f.sqlite).every((f) => f.sqlite!.integrityCheck === 'ok')).toBe(true);

    const restoredDir = join(scratch, 'restored');
    await restoreBackup({ folder: backupDir, dataDir: restoredDir });
    const restored = await start(restoredDir);
    const app2 = restored.app!;
    const admin2 = client(app2, { remoteAddress: '10.49.0.2' });
    admin2.cookie = admin.cookie; // the session and its secret came back too

    // Every write acknowledged before the backup began: the accounts, their valuations, the upload.
    const usersOf = async (c: typeof admin) => (await c.get('/api/admin/users?page=1&pageSize=100')).json() as { id: string }[];
    const users = await usersOf(admin2);
    const listed = users.map((u) => u.id);
    for (const p of ackedAtStart) expect(listed).toContain(p.id);
    for (const [i, p] of before.entries()) {
      const again = client(app2, { remoteAddress: `10.51.0.${i + 1}` });
      again.cookie = p.client.cookie;
      expect(await valuationsOf(p, again)).toEqual(expectedValuations[i]);
    }
    // The loop's writes acknowledged before the backup began: each with the valuation it asked for.
    for (const p of ackedAtStart.filter((q) => !before.includes(q))) {
      const again = client(app2, { remoteAddress: '10.51.1.1' });
      again.cookie = p.client.cookie;
      expect(await valuationsOf(p, again)).toEqual(await valuationsOf(p));
    }
    expect((await restored.deps.stores.blobStore.get(upload.key))?.bytes.toString()).toBe('not really a photo');

    // The copies agree with one another: every account in the restored log is in its read model,
    // each listed as the source lists it; the counters lie between before and after the backup.
    expect(listed).toHaveLength(await restored.deps.stores.eventStore.countEvents({ eventTypes: ['UserRegistered'] }));
    const sourceById = new Map((await usersOf(admin)).map((u) => [u.id, u]));
    for (const u of users) expect(u).toEqual(sourceById.get(u.id));
    const statsRestored = (await admin2.get('/api/public/stats')).json() as Record<string, unknown>;
    const statsAfter = (await admin.get('/api/public/stats')).json() as Record<string, unknown>;
    const counters = Object.keys(statsBefore).filter((key) => typeof statsBefore[key] === 'number');
    expect(counters.length).toBeGreaterThan(0);
    for (const key of counters) {
      expect(statsRestored[key]).toBeGreaterThanOrEqual(statsBefore[key] as number);
      expect(statsRestored[key]).toBeLessThanOrEqual(statsAfter[key] as number);
    }

    // Signing in with a password works, for the first person and for the last one the backup caught.
    const caught = [...before, ...during].filter((p) => listed.includes(p.id)).at(-1)!;
    for (const p of [before[0]!, caught]) {
      const res = await client(app2, { remoteAddress: '10.52.0.1' }).post('/api/auth/login', { email: p.email, password: PASSWORD });
      expect(res.statusCode, res.body).toBe(200);
    }
  });
});
