import { registerAccount } from '@kainga/command-api';
import { loadConfig, openStores } from '@kainga/platform';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashFile } from './hashed-copy';
import { BackupProblem, MANIFEST, type Manifest } from './manifest';
import { POST_RESTORE_STEPS, restoreBackup } from './restore-backup';
import { takeBackup } from './take-backup';

const scratch = mkdtempSync(join(tmpdir(), 'kainga-restore-'));
const source = join(scratch, 'source');
const backup = join(scratch, 'backup');
let n = 0;
/** A fresh copy of the good backup, to damage. */
const copyOfBackup = () => {
  const folder = join(scratch, `copy-${++n}`);
  cpSync(backup, folder, { recursive: true });
  return folder;
};
const emptyDataDir = () => join(scratch, `data-${++n}`);
const manifestOf = (folder: string) => JSON.parse(readFileSync(join(folder, MANIFEST), 'utf8')) as Manifest;

/** Restores `folder`, expecting a refusal; answers its message, having checked DATA_DIR stayed empty and no scratch folder is left beside it. */
async function refusal(folder: string, dataDir = emptyDataDir()): Promise<string> {
  const outcome = await restoreBackup({ folder, dataDir }).then(
    () => null,
    (error: unknown) => error,
  );
  expect(outcome).toBeInstanceOf(BackupProblem);
  expect(existsSync(dataDir) ? readdirSync(dataDir) : []).toEqual([]);
  expect(readdirSync(scratch).filter((name) => name.includes('.restoring-'))).toEqual([]);
  return (outcome as BackupProblem).message;
}

beforeAll(async () => {
  const stores = await openStores(loadConfig({ DATA_DIR: source, LOG_LEVEL: 'silent' }));
  const metadata = { actorId: null, actorRoles: [], correlationId: 'r', causationId: null, occurredAt: new Date().toISOString() };
  await registerAccount({ stores }, { email: 'kept@example.nz', password: 'long enough', firstName: 'K', lastName: 'P', provider: 'password' }, { idempotencyKey: 'r', metadata });
  await stores.blobStore.put('profile/one', Buffer.from('image bytes'), 'image/png');
  await stores.close();
  mkdirSync(join(source, 'outbox'));
  writeFileSync(join(source, 'outbox', 'mail-1.eml'), 'Subject: hello\r\n\r\nhi\r\n');
  writeFileSync(join(source, 'outbox', '.mail-2.1234.tmp'), 'half written');
  writeFileSync(join(source, '.session-secret'), 'a secret of forty-eight characters or so, enough');
  writeFileSync(join(source, 'kainga.pid'), '999999');
  await takeBackup({ dataDir: source, target: backup });
});
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe('a backup of DATA_DIR', () => {
  it('holds every file but the pid file, side files and writes under way, with a manifest of sizes, checksums and row counts', async () => {
    const manifest = manifestOf(backup);
    const paths = manifest.files.map((f) => f.path);
    expect(paths.slice(0, 2)).toEqual(['read-models.sqlite', 'events.sqlite']); // the read models before the log
    expect(paths).toEqual(expect.arrayContaining(['credentials.sqlite', '.session-secret', 'outbox/mail-1.eml', 'blobs/profile/one/bytes', 'blobs/profile/one/meta.json']));
    expect(paths.some((p) => p === 'kainga.pid' || /-(wal|shm|journal)$/.test(p) || p.endsWith('.tmp'))).toBe(false);
    expect(manifest).toMatchObject({ format: 1, kaingaVersion: expect.stringMatching(/^\d+\.\d+\.\d+/), sourceDataDir: source });
    const events = manifest.files.find((f) => f.path === 'events.sqlite')!;
    expect(events.sqlite?.integrityCheck).toBe('ok');
    expect(events.sqlite?.rows.events).toBeGreaterThan(0);
    expect(manifest.files.find((f) => f.path === 'credentials.sqlite')!.sqlite?.rows.credentials).toBe(1);
    for (const file of manifest.files) expect(await hashFile(join(backup, file.path))).toEqual({ bytes: file.bytes, sha256: file.sha256 });
    // Owner-only, as DATA_DIR is: password hashes, session ids and personal data.
    for (const file of manifest.files) expect(statSync(join(backup, file.path)).mode & 0o077).toBe(0);
    expect(statSync(backup).mode & 0o077).toBe(0);
    // Files stand alone: no -wal beside a database copy.
    expect(readdirSync(backup).filter((name) => /-(wal|shm)$/.test(name))).toEqual([]);
  });

  it('refuses a target folder that is not empty', async () => {
    const target = join(scratch, 'busy');
    mkdirSync(target);
    writeFileSync(join(target, 'notes.txt'), 'mine');
    await expect(takeBackup({ dataDir: source, target })).rejects.toThrow(`${target} is not empty: give a new or empty folder for the backup (a backup is never written over other files).`);
    expect(readdirSync(target)).toEqual(['notes.txt']);
    const underAFile = join(target, 'notes.txt', 'backup');
    await expect(takeBackup({ dataDir: source, target: underAFile })).rejects.toThrow(`${underAFile} cannot be written (part of the path is a file): give a folder this user can create and write to.`);
  });

  it('refuses a DATA_DIR with no event log, naming it', async () => {
    const nothing = join(scratch, 'nothing');
    mkdirSync(nothing);
    await expect(takeBackup({ dataDir: nothing, target: join(scratch, 'unused') })).rejects.toThrow(`No Kāinga data at ${nothing} (no events.sqlite): set DATA_DIR to the data directory to back up.`);
  });
});

describe('restore', () => {
  it('puts a whole backup into an absent DATA_DIR, where the stores open on the same data', async () => {
    const dataDir = emptyDataDir();
    const { unlisted } = await restoreBackup({ folder: backup, dataDir });
    expect(unlisted).toEqual([]);
    expect(statSync(dataDir).mode & 0o077).toBe(0);
    expect(statSync(join(dataDir, 'events.sqlite')).mode & 0o077).toBe(0);
    const stores = await openStores(loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent' }));
    expect(await stores.eventStore.countEvents({ eventTypes: ['UserRegistered'] })).toBe(1);
    expect((await stores.blobStore.get('profile/one'))?.bytes.toString()).toBe('image bytes');
    await stores.close();
    expect(readFileSync(join(dataDir, 'outbox', 'mail-1.eml'), 'utf8')).toContain('Subject: hello');
  });

  it('says which files its manifest does not list, and leaves them out', async () => {
    const folder = copyOfBackup();
    writeFileSync(join(folder, 'stray.txt'), 'not from the backup');
    const dataDir = emptyDataDir();
    mkdirSync(dataDir); // an empty DATA_DIR that exists is fine too
    expect((await restoreBackup({ folder, dataDir })).unlisted).toEqual(['stray.txt']);
    expect(existsSync(join(dataDir, 'stray.txt'))).toBe(false);
    expect(existsSync(join(dataDir, 'events.sqlite'))).toBe(true);
  });

  it('refuses a backup without a manifest as partial', async () => {
    const folder = copyOfBackup();
    rmSync(join(folder, MANIFEST));
    expect(await refusal(folder)).toBe(`${folder} has no manifest.json: the backup is partial (it was cut short, or is still being written). Use a complete backup.`);
  });

  it('refuses a manifest that is not JSON, or not a Kāinga manifest', async () => {
    const folder = copyOfBackup();
    writeFileSync(join(folder, MANIFEST), '{"format": 1, "files": [');
    expect(await refusal(folder)).toMatch(new RegExp(`^${join(folder, MANIFEST)} is not valid JSON \\(.+\\): the backup is damaged\\.$`));
    writeFileSync(join(folder, MANIFEST), JSON.stringify({ ...manifestOf(backup), files: [{ path: '../escape', bytes: 1, sha256: '0'.repeat(64) }] }));
    expect(await refusal(folder)).toBe(`${join(folder, MANIFEST)} is not a Kāinga backup manifest: an entry's path "../escape" is not a plain relative path.`);
  });

  it('refuses a backup with a file missing, naming it', async () => {
    const folder = copyOfBackup();
    rmSync(join(folder, 'credentials.sqlite'));
    expect(await refusal(folder)).toBe(`The backup is damaged: credentials.sqlite is missing from ${folder}.`);
  });

  it('refuses a backup with one byte flipped, naming the file', async () => {
    const folder = copyOfBackup();
    const file = join(folder, 'events.sqlite');
    const bytes = readFileSync(file);
    bytes[bytes.length - 100] = bytes[bytes.length - 100]! ^ 0xff;
    writeFileSync(file, bytes);
    expect(await refusal(folder)).toBe("The backup is damaged: events.sqlite's sha256 is not the one its manifest lists (the file changed after the backup).");
  });

  it('refuses a truncated database by its size, and by SQLite’s integrity check when the manifest was made to match', async () => {
    const folder = copyOfBackup();
    const file = join(folder, 'read-models.sqlite');
    const entry = manifestOf(folder).files.find((f) => f.path === 'read-models.sqlite')!;
    truncateSync(file, entry.bytes - 4096);
    expect(await refusal(folder)).toBe(`The backup is damaged: read-models.sqlite has ${entry.bytes - 4096} bytes, and its manifest says ${entry.bytes}.`);
    const manifest = manifestOf(folder);
    Object.assign(manifest.files.find((f) => f.path === 'read-models.sqlite')!, await hashFile(file));
    writeFileSync(join(folder, MANIFEST), JSON.stringify(manifest));
    expect(await refusal(folder)).toMatch(/^The backup is damaged: read-models\.sqlite fails SQLite's integrity check \(.+\)\.$/);
  });

  it('refuses a DATA_DIR that is not empty, or that a running server holds, and changes nothing in it', async () => {
    const dataDir = emptyDataDir();
    mkdirSync(dataDir);
    writeFileSync(join(dataDir, 'events.sqlite'), 'someone else’s data');
    await expect(restoreBackup({ folder: backup, dataDir })).rejects.toThrow(`DATA_DIR ${dataDir} is not empty: restore into an empty or new directory (a restore never writes over data).`);
    expect(readFileSync(join(dataDir, 'events.sqlite'), 'utf8')).toBe('someone else’s data');
    rmSync(join(dataDir, 'events.sqlite'));
    writeFileSync(join(dataDir, 'kainga.pid'), String(process.ppid)); // a live process other than this one
    await expect(restoreBackup({ folder: backup, dataDir })).rejects.toThrow(`Kāinga (process ${process.ppid}) is running on ${dataDir}. Stop it, and restore into an empty DATA_DIR.`);
    expect(readdirSync(dataDir)).toEqual(['kainga.pid']);
  });

  it('runs the post-restore steps on the restored files before they go into place', async () => {
    const seen: string[] = [];
    POST_RESTORE_STEPS.push(async ({ dir, manifest }) => {
      seen.push(...readdirSync(dir).filter((name) => name.endsWith('.sqlite')), manifest.createdAt);
      throw new BackupProblem('An erasure could not be applied again.');
    });
    try {
      expect(await refusal(backup)).toBe('An erasure could not be applied again.');
    } finally {
      POST_RESTORE_STEPS.pop();
    }
    expect(seen).toEqual(expect.arrayContaining(['events.sqlite', 'credentials.sqlite', manifestOf(backup).createdAt]));
  });
});
