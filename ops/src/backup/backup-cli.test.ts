import { registerAccount } from '@kainga/command-api';
import { loadConfig, openStores } from '@kainga/platform';
import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { main as backupMain, BACKUP_USAGE } from './backup-cli';
import { main as restoreMain, RESTORE_USAGE } from './restore-cli';

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));
const scratch = mkdtempSync(join(tmpdir(), 'kainga-backup-cli-'));
const source = join(scratch, 'source');

/** `npm run <script> -- <args>` from the repository's root, as an operator types it. */
function npmRun(script: string, args: string[], dataDir: string): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile('npm', ['run', '--silent', script, '--', ...args], { cwd: ROOT, env: { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'silent' } }, (error, stdout, stderr) =>
      resolve({ code: error ? Number((error as { code?: number }).code ?? 1) : 0, stdout, stderr }),
    );
  });
}

beforeAll(async () => {
  const stores = await openStores(loadConfig({ DATA_DIR: source, LOG_LEVEL: 'silent' }));
  const metadata = { actorId: null, actorRoles: [], correlationId: 'c', causationId: null, occurredAt: new Date().toISOString() };
  await registerAccount({ stores }, { email: 'cli@example.nz', password: 'long enough', firstName: 'C', lastName: 'L', provider: 'password' }, { idempotencyKey: 'c', metadata });
  await stores.close();
});
afterAll(() => rmSync(scratch, { recursive: true, force: true }));
afterEach(() => vi.restoreAllMocks());

describe('npm run backup and npm run restore', () => {
  it('back up DATA_DIR into a folder and restore it into an empty DATA_DIR, as an operator types them', { timeout: 40_000 }, async () => {
    const folder = join(scratch, 'backup');
    const backedUp = await npmRun('backup', [folder], source);
    expect(backedUp.stderr).not.toMatch(/Error|Warning/);
    expect(backedUp.code).toBe(0);
    const databases = readdirSync(source).filter((name) => name.endsWith('.sqlite')).length; // events, read models, credentials (and the personal keys)
    expect(backedUp.stdout).toMatch(new RegExp(`^✔ Backed up ${source} into ${folder}: \\d+ files \\(${databases} SQLite databases\\), [\\d.]+ MB, manifest\\.json last\\.`));
    expect(existsSync(join(folder, 'manifest.json'))).toBe(true);

    const dataDir = join(scratch, 'restored');
    const restored = await npmRun('restore', [folder], dataDir);
    expect(restored.code).toBe(0);
    expect(restored.stdout).toContain(`into ${dataDir}. Start Kāinga on it (npm start): the read models catch up from their checkpoints.`);
    const stores = await openStores(loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent' }));
    expect(await stores.eventStore.countEvents({ eventTypes: ['UserRegistered'] })).toBe(1);
    const [registered] = await stores.eventStore.readAll({ filter: { eventTypes: ['UserRegistered'] } });
    expect(await stores.credentials.get((registered!.data as { userId: string }).userId)).not.toBeNull();
    await stores.close();
  });

  it('check a backup without writing anything, and refuse to restore over data', async () => {
    const log = vi.spyOn(console, 'log').mockImplementation(() => undefined);
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    vi.spyOn(process.stderr, 'write').mockImplementation(() => true); // the bar
    const folder = join(scratch, 'backup-2');
    expect(await backupMain([folder], { DATA_DIR: source })).toBe(0);
    expect(await restoreMain(['--check', folder], { DATA_DIR: join(scratch, 'never-made') })).toBe(0);
    expect(log.mock.calls.at(-1)![0]).toMatch(new RegExp(`^✔ The backup in ${folder} is whole: \\d+ files, taken .+ from ${source} by Kāinga \\d+\\.\\d+\\.\\d+\\.$`));
    expect(existsSync(join(scratch, 'never-made'))).toBe(false);
    expect(await restoreMain([folder], { DATA_DIR: source })).toBe(1);
    expect(error.mock.calls.at(-1)![0]).toBe(`DATA_DIR ${source} is not empty: restore into an empty or new directory (a restore never writes over data). Nothing was written into ${source}.`);
  });

  it('refuses a target that is not empty, and explain their usage', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    vi.spyOn(process.stderr, 'write').mockImplementation(() => true); // the bar
    const busy = join(scratch, 'busy');
    mkdirSync(busy);
    writeFileSync(join(busy, 'x'), 'x');
    expect(await backupMain([busy], { DATA_DIR: source })).toBe(1);
    expect(await backupMain([], { DATA_DIR: source })).toBe(2);
    expect(await restoreMain(['a', 'b'], { DATA_DIR: source })).toBe(2);
    expect(error.mock.calls.map((c) => c[0])).toEqual([`${busy} is not empty: give a new or empty folder for the backup (a backup is never written over other files).`, BACKUP_USAGE, RESTORE_USAGE]);
    expect(readdirSync(busy)).toEqual(['x']);
  });

  it('send the distributed run to its servers’ own tools', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(await backupMain([join(scratch, 'unused')], { EVENTSTORE_URL: 'esdb://localhost:2113?tls=false', MONGO_URL: 'mongodb://localhost:27017' })).toBe(1);
    expect(await restoreMain([join(scratch, 'unused')], { MONGO_URL: 'mongodb://localhost:27017' })).toBe(1);
    expect(error.mock.calls.map((c) => c[0])).toEqual([
      'EVENTSTORE_URL and MONGO_URL are set: the event log and read models are on those servers, which you back up with their own tools (KurrentDB\'s file copy, mongodump/mongorestore, pg_dump for Temporal). See docs/distributed.md#backups.',
      'MONGO_URL is set: the event log and read models are on those servers, which you restore with their own tools (KurrentDB\'s file copy, mongodump/mongorestore, pg_dump for Temporal). See docs/distributed.md#backups.',
    ]);
    expect(existsSync(join(scratch, 'unused'))).toBe(false);
  });
});
