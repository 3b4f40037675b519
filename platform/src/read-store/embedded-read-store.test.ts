import { existsSync, mkdtempSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { seededRandom } from '../seeded-random';
import { EmbeddedReadStore } from './embedded-read-store';
import type { Doc } from './read-store';

describe('EmbeddedReadStore.replaceCollection', () => {
  it('writes over the rows on disk and deletes those of documents that are gone, loaded in memory or not', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'embedded-replace-')), 'r.sqlite');
    const first = new EmbeddedReadStore(file);
    await first.commit(['a', 'b', 'c'].map((id) => ({ collection: 'c', insertOne: { document: { _id: id, v: 1 } } })));
    await first.commit([{ collection: 'other', insertOne: { document: { _id: 'a', v: 1 } } }]);
    await first.close();

    // After a restart nothing is loaded.
    const second = new EmbeddedReadStore(file);
    await second.replaceCollection('c', [{ _id: 'b', v: 2 }, { _id: 'd', v: 2 }], { checkpoint: { name: 'p', position: '01' } });
    expect(await second.collection('c').find({}, { sort: { _id: 1 } })).toEqual([{ _id: 'b', v: 2 }, { _id: 'd', v: 2 }]);
    // Loaded now.
    await second.replaceCollection('c', [{ _id: 'e', v: 3 }]);
    await second.close();

    const third = new EmbeddedReadStore(file);
    expect(await third.collection('c').find({})).toEqual([{ _id: 'e', v: 3 }]);
    expect(await third.collection('other').find({})).toEqual([{ _id: 'a', v: 1 }]);
    expect(await third.getCheckpoint('p')).toBe('01');
    await third.close();
  });

  it('leaves rows, indexes and checkpoint that did not change unwritten: a rebuild that changes nothing writes nothing', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'embedded-replace-')), 'r.sqlite');
    const docs = () => Array.from({ length: 300 }, (_, i) => ({ _id: `d${String(i).padStart(3, '0')}`, n: i, text: 'x'.repeat(i * 20) }));
    const options = { indexes: [{ keys: { n: -1 as const } }], checkpoint: { name: 'p', position: '07' } };
    const first = new EmbeddedReadStore(file);
    await first.replaceCollection('c', docs(), options);
    await first.close(); // the last connection closing moves the WAL into the file

    const walSize = () => (existsSync(`${file}-wal`) ? statSync(`${file}-wal`).size : 0);
    const second = new EmbeddedReadStore(file);
    await second.replaceCollection('c', docs(), options);
    expect(walSize()).toBe(0);
    // One changed document is written (a page or two), and read back after a restart.
    const changed = docs();
    changed[150]!.n = -1;
    await second.replaceCollection('c', changed, options);
    expect(walSize()).toBeGreaterThan(0);
    expect(walSize()).toBeLessThan(20 * 4096);
    await second.close();

    const third = new EmbeddedReadStore(file);
    expect(await third.collection('c').find({}, { sort: { _id: 1 } })).toEqual(changed);
    expect((await third.collection('c').find({}, { sort: { n: 1 }, limit: 1 }))[0]?._id).toBe('d150');
    expect(await third.getCheckpoint('p')).toBe('07');
    await third.close();
  });

  it('replaces collections of any size and any ids (beyond the BMP, or reading more than one page of rows) with what it was given', async () => {
    const random = seededRandom(7);
    const file = join(mkdtempSync(join(tmpdir(), 'embedded-replace-')), 'r.sqlite');
    const ids = ['a', 'B', 'é', 'ē', '\uE000', '😀', '😀a', '\uFFFD', 'z', ...Array.from({ length: 2500 }, (_, i) => `id-${i}`)];
    const version = (v: number): Doc[] =>
      ids.filter(() => random() < 0.7).map((id) => ({ _id: id, v: random() < 0.5 ? v : 0, ...(random() < 0.1 ? { nested: { list: [id, v] } } : {}) }));
    let store = new EmbeddedReadStore(file);
    for (let v = 1; v <= 6; v++) {
      const wanted = version(v);
      // A list, or (as a rebuild hands them over) a Map by _id.
      const given = wanted.map((d) => structuredClone(d));
      await store.replaceCollection('c', v % 3 === 0 ? new Map(given.map((d) => [d._id, d])) : given, { checkpoint: { name: 'p', position: String(v).padStart(2, '0') } });
      if (v % 2 === 0) {
        // Read back from disk.
        await store.close();
        store = new EmbeddedReadStore(file);
      }
      const byId = (a: Doc, b: Doc) => (a._id < b._id ? -1 : a._id > b._id ? 1 : 0);
      expect([...(await store.collection('c').find({}))].sort(byId)).toEqual([...wanted].sort(byId));
      expect(await store.getCheckpoint('p')).toBe(String(v).padStart(2, '0'));
    }
    await store.close();
  });

  it('keeps a Map by _id handed to it as the collection, its documents frozen; a Map holding a document under another id is read as a list', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'embedded-replace-')), 'r.sqlite');
    const store = new EmbeddedReadStore(file);
    const docs = new Map<string, Doc>([
      ['a', { _id: 'a', tags: ['x'] }],
      ['b', { _id: 'b', tags: [] }],
    ]);
    await store.replaceCollection('c', docs, { indexes: [{ keys: { tags: 1 } }] });
    expect(store.docs('c')).toBe(docs);
    expect(Object.isFrozen(docs.get('a')!.tags)).toBe(true);
    expect(await store.collection('c').findOne({ _id: 'b' })).toEqual({ _id: 'b', tags: [] });

    // `c` moved to `d` by a (projector's) update after it was keyed: stored under `d`, as a list of documents would be.
    const moved = new Map<string, Doc>([
      ['a', { _id: 'a' }],
      ['c', { _id: 'd' }],
    ]);
    await store.replaceCollection('c', moved);
    expect(store.docs('c')).not.toBe(moved);
    expect([...store.docs('c').keys()]).toEqual(['a', 'd']);
    await store.close();
    const reopened = new EmbeddedReadStore(file);
    expect(await reopened.collection('c').find({}, { sort: { _id: 1 } })).toEqual([{ _id: 'a' }, { _id: 'd' }]);
    await reopened.close();
  });
});

describe('EmbeddedReadStore documents loaded from disk', () => {
  it('are frozen, and a write handed one stores a copy (they are not marked as shareable)', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'embedded-load-')), 'r.sqlite');
    const first = new EmbeddedReadStore(file);
    await first.collection('c').insertOne({ _id: 'a', nested: { n: 1 } });
    await first.close();
    const second = new EmbeddedReadStore(file);
    const loaded = (await second.collection('c').findOne({ _id: 'a' }))!;
    expect(Object.isFrozen(loaded) && Object.isFrozen(loaded['nested'])).toBe(true);
    await second.collection('d').insertOne(loaded);
    const copied = (await second.collection('d').findOne({ _id: 'a' }))!;
    expect(copied).toEqual(loaded);
    expect(copied).not.toBe(loaded);
    await second.close();
  });
});
