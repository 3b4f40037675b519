import { changeRoles, registerAccount } from '@kainga/command-api';
import { createLogger, loadConfig, openStores, ProjectionRunner } from '@kainga/platform';
import { allProjectors, findUser } from '@kainga/projections';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { main } from './rebuild-cli';

describe('projections:rebuild', () => {
  afterEach(() => vi.unstubAllEnvs());

  it('rebuilds the users read model from the events, even after it was lost', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'rebuild-'));
    vi.stubEnv('DATA_DIR', dataDir);
    const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent' });
    const stores = await openStores(config);
    const deps = { stores };
    const ctx = (k: string) => ({ idempotencyKey: k, metadata: { actorId: null, actorRoles: [], correlationId: k, causationId: null, occurredAt: new Date().toISOString() } });
    const runner = new ProjectionRunner({ eventStore: stores.eventStore, readStore: stores.readStore, projectors: allProjectors, logger: createLogger('silent') });
    await runner.start();
    const { userId } = await registerAccount(deps, { email: 'r@b.nz', password: 'long enough', firstName: 'R', lastName: 'B', provider: 'password' }, ctx('a'));
    await changeRoles(deps, userId, ['general', 'property_manager'], ctx('b'));
    await runner.stop();
    // Lose the read model and its checkpoint entirely.
    await stores.readStore.dropCollection('users');
    await stores.readStore.deleteCheckpoint('users');
    expect(await findUser(stores.readStore, userId)).toBeNull();
    await stores.close();
    expect(await main(['users'])).toBe(0);
    const again = await openStores(config);
    expect(await findUser(again.readStore, userId)).toMatchObject({ email: 'r@b.nz', roles: ['general', 'property_manager'] });
    expect(await again.readStore.getCheckpoint('users')).not.toBeNull();
    await again.close();
  });

  it('explains its usage for an unknown read model', async () => {
    const spy = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(await main(['nope'])).toBe(2);
    // Every read model by name (the list grows with the read models), then all.
    expect(spy.mock.calls[0]![0]).toBe(`Usage: npm run projections:rebuild -- <${[...allProjectors.map((p) => p.name), 'all'].join('|')}>`);
    expect(spy.mock.calls[0]![0]).toMatch(/^Usage: npm run projections:rebuild -- <users\|sales\|valuations\|properties\|activity\|/);
    spy.mockRestore();
  });
});
