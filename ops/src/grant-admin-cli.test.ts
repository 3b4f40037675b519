import { registerAccount } from '@kainga/command-api';
import { loadConfig, openStores } from '@kainga/platform';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { main } from './grant-admin-cli';

describe('npm run grant-admin', () => {
  afterEach(() => {
    vi.unstubAllEnvs();
    vi.restoreAllMocks();
  });

  it('grants the admin role to an account as the system, once', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'grant-'));
    vi.stubEnv('DATA_DIR', dataDir);
    vi.stubEnv('LOG_LEVEL', 'silent');
    const stores = await openStores(loadConfig({ DATA_DIR: dataDir }));
    const metadata = { actorId: null, actorRoles: [], correlationId: 'r', causationId: null, occurredAt: new Date().toISOString() };
    const { userId } = await registerAccount({ stores }, { email: 'ops@example.nz', password: 'long enough', firstName: 'O', lastName: 'P', provider: 'password' }, { idempotencyKey: 'r', metadata });
    await stores.close();

    const log = vi.spyOn(console, 'log').mockImplementation(() => undefined);
    expect(await main(['OPS@example.nz'])).toBe(0);
    expect(await main(['ops@example.nz'])).toBe(0);
    expect(log.mock.calls.map((c) => c[0])).toEqual([`✔ ops@example.nz (${userId}) is now an admin.`, `ops@example.nz (${userId}) is already an admin.`]);

    const again = await openStores(loadConfig({ DATA_DIR: dataDir }));
    const changes = (await again.eventStore.readStream(`user-${userId}`)).filter((e) => e.type === 'UserRolesChanged');
    expect(changes.map((e) => [e.data, e.metadata.actorId])).toEqual([[expect.objectContaining({ roles: ['general', 'admin'], changedBy: 'system' }), 'system']]);
    await again.close();
  });

  it('explains its usage, and refuses an address nobody registered', async () => {
    vi.stubEnv('DATA_DIR', mkdtempSync(join(tmpdir(), 'grant-')));
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(await main([])).toBe(2);
    expect(await main(['nobody@example.nz'])).toBe(1);
    expect(error.mock.calls.map((c) => c[0])).toEqual(['Usage: npm run grant-admin -- <email>', 'No account uses nobody@example.nz. Register it first, then grant.']);
  });
});
