import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openStores } from './stores';

describe('openStores', () => {
  it('keeps blobs as files in DATA_DIR/blobs when MONGO_URL is not set', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'kainga-stores-'));
    const stores = await openStores({ DATA_DIR: dataDir, EVENTSTORE_URL: undefined, MONGO_URL: undefined, MONGO_DB: 'kainga' });
    try {
      expect(stores.describe).toEqual({ eventStore: 'sqlite', readStore: 'embedded', blobStore: 'files' });
      expect(stores.blobStore.describe).toBe(`files ${join(dataDir, 'blobs')}`);
      await stores.blobStore.put('profile-images/p.webp', Buffer.from('img'), 'image/webp');
      expect(existsSync(join(dataDir, 'blobs', 'profile-images', 'p.webp', 'bytes'))).toBe(true);
    } finally {
      await stores.close();
    }
  });
});
