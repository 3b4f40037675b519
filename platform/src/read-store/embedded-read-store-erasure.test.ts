import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { EmbeddedReadStore } from './embedded-read-store';

/** Every byte the store keeps on disk for `file`: the database and its WAL. */
const storedBytes = (file: string) => Buffer.concat([file, `${file}-wal`].filter((f) => existsSync(f)).map((f) => readFileSync(f)));

describe('EmbeddedReadStore after an erasure', () => {
  it('keeps no byte of a document overwritten or deleted once purgeFreedBytes has run, and keeps the others', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'embedded-erasure-')), 'r.sqlite');
    const store = new EmbeddedReadStore(file);
    // Long enough to spill onto an overflow page, as a valuation with its comparables does.
    const padding = 'x'.repeat(6000);
    await store.commit([
      { collection: 'users', insertOne: { document: { _id: 'u1', email: 'aroha.ngata@example.nz', padding } } },
      { collection: 'users', insertOne: { document: { _id: 'u2', email: 'rewi.parata@example.nz' } } },
      { collection: 'leads', insertOne: { document: { _id: 'l1', contactName: 'Aroha Ngata', message: 'Please call me on 021 555 0101' } } },
    ]);
    await store.commit([
      { collection: 'users', deleteOne: { filter: { _id: 'u1' } } },
      { collection: 'leads', updateOne: { filter: { _id: 'l1' }, update: { $set: { contactName: 'Erased at the person’s request', message: 'Erased at the person’s request' } } } },
    ]);
    // Before the purge the WAL still holds the page images written before the erasure.
    expect(storedBytes(file).includes('aroha.ngata@example.nz')).toBe(true);

    await store.purgeFreedBytes();
    const bytes = storedBytes(file);
    for (const erased of ['aroha.ngata@example.nz', 'Aroha Ngata', '021 555 0101']) expect(bytes.includes(erased), erased).toBe(false);
    expect(bytes.includes('rewi.parata@example.nz')).toBe(true);
    expect(await store.collection('leads').findOne({ _id: 'l1' })).toMatchObject({ contactName: 'Erased at the person’s request' });
    await store.close();

    const reopened = new EmbeddedReadStore(file);
    expect(await reopened.collection('users').find({})).toEqual([{ _id: 'u2', email: 'rewi.parata@example.nz' }]);
    await reopened.close();
  });
});
