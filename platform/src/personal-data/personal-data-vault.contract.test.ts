import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { mongoTestServer } from '../testing/mongo-test-server';
import type { PersonalDataVault } from './personal-data-vault';
import { SqlitePersonalDataVault } from './sqlite-personal-data-vault';

const dir = mkdtempSync(join(tmpdir(), 'kainga-vault-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const adapters: { name: string; open: () => Promise<PersonalDataVault>; file?: string }[] = [
  { name: 'sqlite', open: async () => new SqlitePersonalDataVault(join(dir, 'personal-keys.sqlite')), file: join(dir, 'personal-keys.sqlite') },
];
// FerretDB unless MONGO_URL names a server (platform/src/testing/mongo-test-server.ts).
const mongo = mongoTestServer();

describe.each(adapters)('personal-data vault ($name)', ({ open, file }) => {
  it('makes a key once per scope, links it to its person, and destroys it with the person', async () => {
    const vault = await open();
    const key = await vault.keyFor('user:u1', 'u1');
    expect(key).toHaveLength(32);
    expect(await vault.keyFor('user:u1', 'u1')).toEqual(key);
    expect(await vault.keyOf('user:u1')).toEqual(key);
    // A scope first made without its person is linked when an event names them.
    const property = await vault.keyFor('property:p1', null);
    await vault.keyFor('property:p1', 'u1');
    const other = await vault.keyFor('user:u2', 'u2');
    expect(await vault.keyOf('never')).toBeNull();

    const erased = await vault.erase({ persons: ['u1'], at: '2026-12-02T00:00:00.000Z' });
    expect(erased.sort()).toEqual(['property:p1', 'user:u1']);
    expect(await vault.keyOf('user:u1')).toBeNull();
    expect(await vault.keyOf('property:p1')).toBeNull();
    // An erased scope never gets a key again; the other person's stays.
    expect(await vault.keyFor('user:u1', 'u1')).toBeNull();
    expect(await vault.keyOf('user:u2')).toEqual(other);
    expect((await vault.tombstones()).map((t) => t.scope)).toEqual(['property:p1', 'user:u1']);
    if (file) {
      // secure_delete and the checkpoint: the destroyed keys' bytes are in neither the file nor its
      // WAL, while the vault is still open; the living key is.
      const bytes = Buffer.concat([file, `${file}-wal`].filter(existsSync).map((f) => readFileSync(f)));
      expect(bytes.includes(key!)).toBe(false);
      expect(bytes.includes(property!)).toBe(false);
      expect(bytes.includes(other!)).toBe(true);
    }
    await vault.close();
  });

  it('tombstones a named scope, made or not, once', async () => {
    const vault = await open();
    await vault.keyFor('lead:l1', 'visitor:abc');
    expect(await vault.erase({ scopes: ['lead:l1', 'adContent:a1'], at: '2026-12-02T01:00:00.000Z' })).toEqual(['lead:l1', 'adContent:a1']);
    expect(await vault.erase({ scopes: ['lead:l1'], persons: ['visitor:abc'], at: '2026-12-02T02:00:00.000Z' })).toEqual([]);
    expect(await vault.keyFor('adContent:a1', null)).toBeNull();
    await vault.close();
  });

  it('lists the scopes of a prefix that still have their key', async () => {
    const vault = await open();
    for (const day of ['2026-11-29', '2026-11-30', '2026-12-01']) await vault.keyFor(`adVisitors:${day}`, null);
    await vault.keyFor('adVisitorsX', null);
    await vault.keyFor('adVisitors;', null);
    await vault.erase({ scopes: ['adVisitors:2026-11-30'], at: '2026-12-02T03:00:00.000Z' });
    expect(await vault.liveScopes('adVisitors:')).toEqual(['adVisitors:2026-11-29', 'adVisitors:2026-12-01']);
    expect(await vault.liveScopes('nothing:')).toEqual([]);
    // By person: what is still theirs.
    await vault.keyFor('lead:l7', 'visitor:v1');
    await vault.keyFor('lead:l8', 'visitor:v1');
    await vault.keyFor('lead:l9', 'visitor:v2');
    await vault.erase({ scopes: ['lead:l8'], at: '2026-12-02T03:00:00.000Z' });
    expect(await vault.scopesOf('visitor:v1')).toEqual(['lead:l7']);
    expect(await vault.scopesOf('visitor:none')).toEqual([]);
    await vault.close();
  });

  it('keeps one visitor secret', async () => {
    const vault = await open();
    const secret = await vault.visitorSecret();
    expect(secret).toHaveLength(32);
    expect(await vault.visitorSecret()).toEqual(secret);
    await vault.close();
  });
});

describe('personal-data vault (MongoDB: FerretDB, or MONGO_URL)', () => {
  it('behaves as the embedded vault', async () => {
    const { MongoPersonalDataVault } = await import('./mongo-personal-data-vault');
    const vault = await MongoPersonalDataVault.connect(await mongo.url(), `kainga_vault_${Date.now()}`);
    const key = await vault.keyFor('user:u1', 'u1');
    await vault.keyFor('property:p1', null);
    await vault.keyFor('property:p1', 'u1');
    expect(await vault.keyFor('user:u1', 'u1')).toEqual(key);
    expect((await vault.erase({ persons: ['u1'], scopes: ['adContent:a1'], at: '2026-12-02T00:00:00.000Z' })).sort()).toEqual(['adContent:a1', 'property:p1', 'user:u1']);
    expect(await vault.keyFor('user:u1', 'u1')).toBeNull();
    expect(await vault.erase({ scopes: ['adContent:a1'], at: '2026-12-02T01:00:00.000Z' })).toEqual([]);
    expect(await vault.visitorSecret()).toEqual(await vault.visitorSecret());
    await vault.close();
  });
});
