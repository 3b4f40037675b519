import { SESSION_COOKIE } from '@kainga/command-api';
import { client, registerAdmin } from '@kainga/command-api/testing';
import { loadConfig, openStores } from '@kainga/platform';
import type { FastifyInstance } from 'fastify';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync, type Dirent } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { startKainga, type Kainga } from '../server';
import { BackupProblem } from './manifest';
import { reapplyErasures } from './reapply-erasures';
import { main as restoreMain } from './restore-cli';
import { restoreBackup } from './restore-backup';
import { readErasureSource } from './erasure-source';
import { takeBackup } from './take-backup';

const ADMIN = 'admin@restore-erasure.example.nz';
const PASSWORD = 'correct horse battery';
const env = { HOST: '127.0.0.1', SEED_DEMO: 'false', LOG_LEVEL: 'silent', NODE_ENV: 'test', ADMIN_EMAILS: ADMIN };

const scratch = mkdtempSync(join(tmpdir(), 'kainga-restore-erasures-'));
const pwaDir = mkdtempSync(join(tmpdir(), 'kainga-no-pwa-'));
const sourceDir = join(scratch, 'source');
/** The backups, side by side as an operator keeps them: `first` before `late` was erased, `second` after. */
const backups = join(scratch, 'backups');
const first = join(backups, 'first');
const second = join(backups, 'second');
const started: Kainga[] = [];
let n = 0;
const freshDataDir = () => join(scratch, `restored-${++n}`);

interface Person {
  key: string;
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  phone: string;
  cookie: string | undefined;
}
let source: Kainga;
let admin: ReturnType<typeof client>;
const people: Record<'kept' | 'early' | 'late' | 'newcomer', Person> = {} as never;

/** Registers someone who applies to be a partner with a phone number (name, email and phone are then in every store). */
async function person(app: FastifyInstance, key: keyof typeof people, i: number): Promise<Person> {
  const c = client(app, { remoteAddress: `10.60.0.${i}` });
  const email = `${key}.person@restore-erasure.example.nz`;
  const firstName = `Firstname${key}`;
  const lastName = `Surname${key}`;
  const phone = `021 555 01${i}${i}`;
  const { id } = await c.register(email, PASSWORD, firstName, lastName);
  const applied = await c.post('/api/partner-applications', {
    requestedRoleId: 'mortgage_broker',
    requestedLocationId: 'auckland',
    businessName: `${lastName} Loans`,
    contactEmail: email,
    contactPhone: phone,
    businessDescription: 'Home loans for the whole of Auckland.',
  });
  if (applied.statusCode >= 300) throw new Error(`application failed: ${applied.statusCode} ${applied.body}`);
  return { key, id, email, firstName, lastName, phone, cookie: c.cookie };
}

/** The personal details of `p` as they would be written in a file. */
const detailsOf = (p: Person) => [p.email, p.firstName, p.lastName, p.phone];

/** Which of the strings appear in any byte of any file under `dir` (SQLite files, their -wal, blobs, outbox, all). */
function foundIn(dir: string, strings: string[]): string[] {
  const files = (readdirSync(dir, { recursive: true, withFileTypes: true }) as Dirent[]).filter((e) => e.isFile()).map((e) => join(e.parentPath, e.name));
  const found = new Set<string>();
  for (const file of files) {
    const bytes = readFileSync(file);
    for (const s of strings) if (bytes.includes(Buffer.from(s, 'utf8'))) found.add(`${s} in ${file.slice(dir.length + 1)}`);
  }
  return [...found];
}

const erase = {
  byAdmin: async (p: Person) => expect((await admin.post(`/api/admin/users/${p.id}/erase`, { reason: 'Asked by email, ticket 50' })).statusCode).toBe(204),
  bySelf: async (p: Person) =>
    expect((await source.app!.inject({ method: 'DELETE', url: '/api/profile', payload: { password: PASSWORD }, cookies: { [SESSION_COOKIE]: p.cookie! } })).statusCode).toBe(204),
};

beforeAll(async () => {
  source = await startKainga({ dataDir: sourceDir, port: 0, pwaDir, env });
  started.push(source);
  const app = source.app!;
  admin = client(app, { remoteAddress: '10.59.0.1' });
  await registerAdmin({ app, dataDir: sourceDir }, admin, ADMIN, PASSWORD);
  people.kept = await person(app, 'kept', 1);
  people.early = await person(app, 'early', 2);
  people.late = await person(app, 'late', 3);
  await erase.byAdmin(people.early);
  mkdirSync(backups);
  await takeBackup({ dataDir: sourceDir, target: first });
  await erase.bySelf(people.late);
  // Registered after the first backup and erased: nothing of theirs is in it, nothing to re-apply.
  people.newcomer = await person(app, 'newcomer', 4);
  await erase.byAdmin(people.newcomer);
  await takeBackup({ dataDir: sourceDir, target: second });
}, 60_000);
afterAll(async () => {
  for (const kainga of started) await kainga.close();
  rmSync(scratch, { recursive: true, force: true });
  rmSync(pwaDir, { recursive: true, force: true });
});
afterEach(() => vi.restoreAllMocks());

/** Starts Kāinga on a restored DATA_DIR and checks, through its API, who is there and who is not. */
async function expectThroughTheApi(dataDir: string, erased: Person[]) {
  const restored = await startKainga({ dataDir, port: 0, pwaDir, env });
  started.push(restored);
  const app = restored.app!;
  const signIn = (p: Person) => client(app, { remoteAddress: '10.61.0.1' }).post('/api/auth/login', { email: p.email, password: PASSWORD });
  const admin2 = client(app, { remoteAddress: '10.61.0.2' });
  expect((await admin2.post('/api/auth/login', { email: ADMIN, password: PASSWORD })).statusCode).toBe(200);
  const users = (await admin2.get('/api/admin/users?page=1&pageSize=100')).body;
  const applications = (await admin2.get('/api/admin/partner-applications')).body;
  const signedIn = (p: Person) => app.inject({ method: 'GET', url: '/api/auth/user', cookies: { [SESSION_COOKIE]: p.cookie! } });
  for (const p of erased) {
    expect((await signIn(p)).statusCode).toBe(401);
    expect((await signedIn(p)).statusCode).toBe(401); // the session the backup held is gone too
    expect(users).not.toContain(p.id);
    expect(users).not.toContain(p.email);
    expect(applications).not.toContain(p.phone);
  }
  // Someone else's details are whole, and they sign in.
  expect((await signIn(people.kept)).statusCode).toBe(200);
  expect((await signedIn(people.kept)).statusCode).toBe(200);
  expect(users).toContain(people.kept.email);
  expect(users).toContain(people.kept.lastName);
  expect(applications).toContain(people.kept.phone);
  await restored.close();
  started.pop();
}

describe('a restore honours erasures', () => {
  it('erased before the backup: the person is not back in any byte, nor through the API', { timeout: 30_000 }, async () => {
    const dataDir = freshDataDir();
    const { erasures } = await restoreBackup({ folder: second, dataDir });
    // The newest backup: nothing newer beside it to read later erasures from, and it says so.
    expect(erasures).toEqual({ source: null, discovered: false, reapplied: 0 });
    const erased = [people.early, people.late, people.newcomer];
    expect(foundIn(dataDir, erased.flatMap(detailsOf))).toEqual([]);
    expect(foundIn(dataDir, detailsOf(people.kept)).length).toBeGreaterThan(0); // the scan does find what is there
    await expectThroughTheApi(dataDir, erased);
  });

  it('erased after the backup: an old backup restored re-applies it from the newest backup beside it', { timeout: 30_000 }, async () => {
    // Without the erasure applied again the late leaver would be back: their details are in the first backup.
    expect(foundIn(first, detailsOf(people.late)).length).toBeGreaterThan(0);
    const dataDir = freshDataDir();
    const progress: number[] = [];
    const { erasures } = await restoreBackup({ folder: first, dataDir, onErasureProgress: (p) => progress.push(p.done) });
    expect(erasures).toMatchObject({ source: { path: second, kind: 'backup' }, discovered: true, reapplied: 1 });
    expect(progress).toEqual([0, 1]);
    expect(foundIn(dataDir, [people.early, people.late].flatMap(detailsOf))).toEqual([]);
    const stores = await openStores(loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent' }));
    const again = (await stores.eventStore.readStream(`user-${people.late.id}`)).filter((e) => e.type === 'PersonErased');
    const newcomer = await stores.eventStore.readStream(`user-${people.newcomer.id}`);
    await stores.close();
    expect(again).toHaveLength(1);
    expect(again[0]!.metadata.actorId).toBe('system:restore');
    expect(again[0]!.data).toMatchObject({ userId: people.late.id, requestedBy: 'self' });
    expect(newcomer).toEqual([]);
    // Applying it again adds nothing.
    expect(await reapplyErasures(dataDir, (await readErasureSource(second)).erasures)).toBe(0);
    await expectThroughTheApi(dataDir, [people.early, people.late]);
  });

  it('reads erasures from the DATA_DIR given with --erasures-from, even while Kāinga runs on it, and says what it re-applied', async () => {
    const log = vi.spyOn(console, 'log').mockImplementation(() => undefined);
    vi.spyOn(process.stderr, 'write').mockImplementation(() => true); // the bars
    const dataDir = freshDataDir();
    expect(await restoreMain([first, '--erasures-from', sourceDir], { DATA_DIR: dataDir })).toBe(0);
    expect(log.mock.calls.at(-1)![0]).toBe(`✔ Re-applied 1 erasure made after this backup (from the DATA_DIR ${sourceDir}).`);
    expect(foundIn(dataDir, detailsOf(people.late))).toEqual([]);
    // The same event id as from the second backup: both derive it from the source's erasure.
    const other = freshDataDir();
    expect(await restoreMain([first], { DATA_DIR: other })).toBe(0);
    expect(log.mock.calls.at(-1)![0]).toBe(`✔ Re-applied 1 erasure made after this backup (from the backup ${second}, taken ${(JSON.parse(readFileSync(join(second, 'manifest.json'), 'utf8')) as { createdAt: string }).createdAt}, the newest beside this one).`);
    const idOf = async (dir: string) => {
      const stores = await openStores(loadConfig({ DATA_DIR: dir, LOG_LEVEL: 'silent' }));
      const id = (await stores.eventStore.readStream(`user-${people.late.id}`)).findLast((e) => e.type === 'PersonErased')!.id;
      await stores.close();
      return id;
    };
    expect(await idOf(dataDir)).toBe(await idOf(other));
  });

  it('says plainly when no newer backup is beside the backup, naming the flag', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    vi.spyOn(console, 'log').mockImplementation(() => undefined);
    vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
    expect(await restoreMain([second], { DATA_DIR: freshDataDir() })).toBe(0);
    expect(error.mock.calls.at(-1)![0]).toMatch(/^No backup taken after this one \(.+\) was found beside it: erasures made after it cannot be known\. If you have a newer backup or the old DATA_DIR, restore again with --erasures-from <newer backup or DATA_DIR>; otherwise re-apply them from your records/);
    expect(await restoreMain([first, '--erasures-from'], { DATA_DIR: freshDataDir() })).toBe(2);
    expect(await restoreMain(['--check', first, '--erasures-from', sourceDir], { DATA_DIR: freshDataDir() })).toBe(2);
  });
});

describe('a source of erasures that cannot be trusted is refused, and nothing is restored', () => {
  /** Restores `first` with `erasuresFrom` (or the default), expecting a refusal; answers its message, DATA_DIR having stayed absent. */
  async function refusal(erasuresFrom: string | undefined, folder = first): Promise<string> {
    const dataDir = freshDataDir();
    const outcome = await restoreBackup({ folder, dataDir, erasuresFrom }).then(
      () => null,
      (error: unknown) => error,
    );
    expect(outcome).toBeInstanceOf(BackupProblem);
    expect(existsSync(dataDir)).toBe(false);
    return (outcome as BackupProblem).message;
  }

  it('refuses a path that is not there, or not a Kāinga store', async () => {
    const missing = join(scratch, 'nowhere');
    expect(await refusal(missing)).toBe(`${missing} does not exist: give --erasures-from a newer backup folder or a DATA_DIR.`);
    const other = join(scratch, 'photos');
    mkdirSync(other);
    writeFileSync(join(other, 'events.sqlite'), 'not a database at all');
    expect(await refusal(other)).toBe(`${other} is not a Kāinga backup or DATA_DIR (events.sqlite is not a SQLite database): give --erasures-from a newer backup folder or a DATA_DIR.`);
    rmSync(join(other, 'events.sqlite'));
    expect(await refusal(other)).toBe(`${other} is not a Kāinga backup or DATA_DIR (it has neither manifest.json nor events.sqlite): give --erasures-from a newer backup folder or a DATA_DIR.`);
    // Another program's SQLite file of that name.
    const foreign = join(scratch, 'foreign');
    mkdirSync(foreign);
    const stores = await openStores(loadConfig({ DATA_DIR: join(scratch, 'unrelated'), LOG_LEVEL: 'silent' }));
    await stores.close();
    cpSync(join(scratch, 'unrelated', 'credentials.sqlite'), join(foreign, 'events.sqlite'));
    expect(await refusal(foreign)).toBe(`${foreign} is not a Kāinga backup or DATA_DIR (events.sqlite holds no Kāinga event log): give --erasures-from a newer backup folder or a DATA_DIR.`);
  });

  it('refuses a DATA_DIR whose event log is damaged', async () => {
    const broken = join(scratch, 'broken-data-dir');
    mkdirSync(broken);
    const bytes = readFileSync(join(second, 'events.sqlite'));
    bytes.fill(0xff, 4096, 4096 + 64); // the header of the log's second page
    writeFileSync(join(broken, 'events.sqlite'), bytes);
    expect(await refusal(broken)).toMatch(new RegExp(`^${join(broken, 'events.sqlite')} is damaged: it fails SQLite's quick check \\([^\\n]+\\)\\.$`));
  });

  it('refuses a damaged newer backup, given or found beside the backup', async () => {
    const parent = join(scratch, 'damaged-set');
    mkdirSync(parent);
    const old = join(parent, 'old');
    const newer = join(parent, 'newer');
    cpSync(first, old, { recursive: true });
    cpSync(second, newer, { recursive: true });
    const file = join(newer, 'events.sqlite');
    const bytes = readFileSync(file);
    bytes[bytes.length - 200] = bytes[bytes.length - 200]! ^ 0xff;
    writeFileSync(file, bytes);
    const damaged = `The backup ${newer} is damaged: its events.sqlite is not the one its manifest lists, so the erasures it records cannot be trusted.`;
    expect(await refusal(newer, old)).toBe(damaged);
    expect(await refusal(undefined, old)).toBe(`${damaged} It is the newest backup beside ${old}, read for the erasures made since: give --erasures-from another newer backup or the DATA_DIR.`);
  });
});
