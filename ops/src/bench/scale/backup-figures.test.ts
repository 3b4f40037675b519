import { registerAccount } from '@kainga/command-api';
import { loadConfig, openStores } from '@kainga/platform';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { backupFigures, backupRows } from './backup-figures';

const scratch = mkdtempSync(join(tmpdir(), 'kainga-backup-figures-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe('the scale bench’s backup figures', () => {
  it('times a backup and its restore of a store, and leaves nothing behind', async () => {
    vi.spyOn(process.stdout, 'write').mockImplementation(() => true); // the bars
    const dataDir = join(scratch, 'data');
    const stores = await openStores(loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent' }));
    const metadata = { actorId: null, actorRoles: [], correlationId: 'f', causationId: null, occurredAt: new Date().toISOString() };
    await registerAccount({ stores }, { email: 'figures@example.nz', password: 'long enough', firstName: 'F', lastName: 'G', provider: 'password' }, { idempotencyKey: 'f', metadata });
    await stores.close();
    const figures = await backupFigures(dataDir, scratch);
    vi.restoreAllMocks();
    expect(figures.backupMs).toBeGreaterThan(0);
    expect(figures.restoreMs).toBeGreaterThan(0);
    expect(figures.files).toBeGreaterThanOrEqual(3); // events, read models, credentials
    expect(figures.bytes).toBeGreaterThan(3 * 4096);
    expect(readdirSync(scratch)).toEqual(['data']);
  });

  it('gives one row for the backup (time, size, files) and one for the restore, a dash for a size without them', () => {
    const rows = backupRows([{ backup: { backupMs: 1_234, bytes: 52_428_800, files: 1_500, restoreMs: 2_345 } }, {}]);
    expect(rows).toEqual([
      ['Backup (time, size)', '1.2 s, 50.0 MB in 1,500 files', '—', '—'],
      ['Restore (time)', '2.3 s', '—', '—'],
    ]);
  });
});
