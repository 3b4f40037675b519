import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import type { BlobStore } from '../blob/blob-store';
import { seededRandom } from '../seeded-random';

/** A store and how to let it go (a server adapter's client). */
export type OpenBlobStore = BlobStore & { close?(): Promise<void> };

export interface BlobStoreFactory {
  /** A store on a fresh (or shared, server) place. */
  open(): Promise<OpenBlobStore>;
  /** The same blobs again, as after a process restart. */
  reopen(): Promise<OpenBlobStore>;
}

/** Bytes of every value 0-255 (a NUL, invalid UTF-8), from a seed so a failure repeats. */
const bytesOf = (length: number, seed: number) => {
  const random = seededRandom(seed);
  return Buffer.from(Array.from({ length }, () => Math.floor(random() * 256)));
};

const BAD_KEYS = [
  '',
  'no-area',
  '/profile-images/a.webp',
  'profile-images/',
  'profile-images/../../etc/passwd',
  'profile-images/..',
  'profile-images/.hidden',
  'profile-images/a..b',
  'Profile-Images/a.webp',
  'profile_images/a.webp',
  'profile-images/sub/a.webp',
  'profile-images\\a.webp',
  'profile-images/a b.webp',
  'profile-images/a.webp\n',
  'profile-images/ā.webp',
  `profile-images/${'a'.repeat(201)}`,
];

/**
 * One contract for every BlobStore adapter. Keys carry a per-run area so the suite can run
 * against a shared server.
 */
export function blobStoreContract(name: string, factory: BlobStoreFactory | null) {
  describe.skipIf(!factory)(`BlobStore contract: ${name}`, () => {
    const open: OpenBlobStore[] = [];
    const area = `t${randomUUID().slice(0, 8)}-images`;
    const k = (file: string) => `${area}/${file}`;
    const start = async (reopen = false) => {
      const store = reopen ? await factory!.reopen() : await factory!.open();
      open.push(store);
      return store;
    };
    afterEach(async () => {
      await Promise.all(open.splice(0).map((store) => store.close?.()));
    });

    it('stores bytes and reads them back equal, with their content type, size and time', async () => {
      const store = await start();
      const bytes = bytesOf(4096, 1);
      const before = Date.now();
      const stored = await store.put(k('a.webp'), bytes, 'image/webp');
      expect(stored).toEqual({ key: k('a.webp'), contentType: 'image/webp', size: 4096, createdAt: expect.any(String) });
      expect(Date.parse(stored.createdAt)).toBeGreaterThanOrEqual(before - 1000);
      expect(new Date(stored.createdAt).toISOString()).toBe(stored.createdAt);
      const got = await store.get(k('a.webp'));
      expect(got!.bytes.equals(bytes)).toBe(true);
      expect(got!.blob).toEqual(stored);
      expect(await store.stat(k('a.webp'))).toEqual(stored);
    });

    it('keeps an empty blob, a blob of many chunks and a content type with parameters', async () => {
      const store = await start();
      const big = bytesOf(600 * 1024 + 7, 2);
      await store.put(k('empty.txt'), Buffer.alloc(0), 'text/plain; charset=utf-8');
      await store.put(k('big.pdf'), big, 'application/pdf');
      const empty = await store.get(k('empty.txt'));
      expect(empty!.bytes.length).toBe(0);
      expect(empty!.blob).toMatchObject({ size: 0, contentType: 'text/plain; charset=utf-8' });
      const got = await store.get(k('big.pdf'));
      expect(got!.blob.size).toBe(big.length);
      expect(got!.bytes.equals(big)).toBe(true);
    });

    it('answers null for a key never stored, and deleting it does nothing', async () => {
      const store = await start();
      expect(await store.get(k('never.webp'))).toBeNull();
      expect(await store.stat(k('never.webp'))).toBeNull();
      await store.delete(k('never.webp'));
      expect(await store.stat(k('never.webp'))).toBeNull();
    });

    it('keeps the first write of a key: a second put answers the first blob and changes nothing', async () => {
      const store = await start();
      const first = await store.put(k('same.webp'), bytesOf(100, 3), 'image/webp');
      const again = await store.put(k('same.webp'), bytesOf(50, 4), 'image/png');
      expect(again).toEqual(first);
      const got = await store.get(k('same.webp'));
      expect(got!.blob).toEqual(first);
      expect(got!.bytes.equals(bytesOf(100, 3))).toBe(true);
    });

    it('keeps exactly one of many concurrent writes of one key, and every writer is told which', async () => {
      const store = await start();
      const answers = await Promise.all([0, 1, 2, 3, 4, 5].map((i) => store.put(k('race.bin'), bytesOf(1000 + i, 10 + i), `application/x-${i}`)));
      const kept = await store.get(k('race.bin'));
      for (const answer of answers) expect(answer).toEqual(kept!.blob);
      const i = Number(kept!.blob.contentType.slice('application/x-'.length));
      expect(kept!.bytes.equals(bytesOf(1000 + i, 10 + i))).toBe(true);
    });

    it('deletes a blob for good; the key may then be written anew', async () => {
      const store = await start();
      await store.put(k('gone.webp'), bytesOf(10, 5), 'image/webp');
      await store.delete(k('gone.webp'));
      expect(await store.get(k('gone.webp'))).toBeNull();
      expect(await store.stat(k('gone.webp'))).toBeNull();
      await store.delete(k('gone.webp'));
      const fresh = await store.put(k('gone.webp'), bytesOf(20, 6), 'image/png');
      expect(fresh).toMatchObject({ size: 20, contentType: 'image/png' });
      expect((await store.get(k('gone.webp')))!.bytes.equals(bytesOf(20, 6))).toBe(true);
    });

    it('refuses unsafe keys and content types on every call, storing nothing', async () => {
      const store = await start();
      for (const key of BAD_KEYS) {
        await expect(store.put(key, Buffer.from('x'), 'text/plain'), key).rejects.toThrow('Blob key must be "<area>/<name>"');
        await expect(store.get(key), key).rejects.toThrow('Blob key must be');
        await expect(store.stat(key), key).rejects.toThrow('Blob key must be');
        await expect(store.delete(key), key).rejects.toThrow('Blob key must be');
      }
      for (const contentType of ['', 'webp', 'image/webp\r\nX-Evil: 1', 'text/plain;\r\ncharset=utf-8', 'image/webp; charset', `image/${'x'.repeat(65)}`]) {
        await expect(store.put(k('typed.webp'), Buffer.from('x'), contentType), contentType).rejects.toThrow('Blob content type must be a MIME type');
      }
      expect(await store.stat(k('typed.webp'))).toBeNull();
    });

    it('stores many keys written concurrently, each with its own bytes', async () => {
      const store = await start();
      const keys = Array.from({ length: 24 }, (_, i) => k(`many-${i}.bin`));
      await Promise.all(keys.map((key, i) => store.put(key, bytesOf(2000 + i, 100 + i), 'application/octet-stream')));
      const got = await Promise.all(keys.map((key) => store.get(key)));
      got.forEach((g, i) => {
        expect(g!.blob.key).toBe(keys[i]);
        expect(g!.bytes.equals(bytesOf(2000 + i, 100 + i))).toBe(true);
      });
    });

    it('keeps blobs across a restart', async () => {
      const store = await start();
      const stored = await store.put(k('kept.webp'), bytesOf(300, 7), 'image/webp');
      const again = await start(true);
      const got = await again.get(k('kept.webp'));
      expect(got!.blob).toEqual(stored);
      expect(got!.bytes.equals(bytesOf(300, 7))).toBe(true);
    });
  });
}
