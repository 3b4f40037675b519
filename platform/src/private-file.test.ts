import { chmodSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { SqliteCredentialStore } from './credentials/sqlite-credential-store';
import { loadConfig } from './config/config';
import { openStores } from './stores';

const modeOf = (path: string) => statSync(path).mode & 0o777;

let root: string;
afterEach(() => rmSync(root, { recursive: true, force: true }));

describe('files that hold secrets or personal data are readable by this user only', () => {
  it('openStores creates DATA_DIR 0700 and every SQLite file (with -wal and -shm) 0600', async () => {
    root = mkdtempSync(join(tmpdir(), 'kainga-modes-'));
    const dir = join(root, 'data');
    const stores = await openStores(loadConfig({ DATA_DIR: dir }));
    try {
      await stores.credentials.put('user-1', 'scrypt$hash');
      expect(await stores.credentials.get('user-1')).toBe('scrypt$hash');
      expect(modeOf(dir)).toBe(0o700);
      for (const name of ['credentials.sqlite', 'events.sqlite', 'read-models.sqlite']) {
        for (const file of [name, `${name}-wal`, `${name}-shm`]) expect(modeOf(join(dir, file)), file).toBe(0o600);
      }
    } finally {
      await stores.close();
    }
  });

  it('narrows a credentials file (and its -wal) left world-readable by an older version', async () => {
    root = mkdtempSync(join(tmpdir(), 'kainga-modes-'));
    const file = join(root, 'credentials.sqlite');
    for (const f of [file, `${file}-wal`]) {
      writeFileSync(f, '');
      chmodSync(f, 0o644);
    }
    const store = new SqliteCredentialStore(file);
    try {
      expect(modeOf(file)).toBe(0o600);
      expect(modeOf(`${file}-wal`)).toBe(0o600);
      await store.put('user-1', 'scrypt$hash');
      expect(modeOf(`${file}-shm`)).toBe(0o600);
    } finally {
      await store.close();
    }
  });
});
