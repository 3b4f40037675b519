import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { EmbeddedReadStore } from './embedded-read-store';

describe('EmbeddedReadStore.replaceCollection', () => {
  it('writes over the rows on disk and deletes those of documents that are gone, loaded in memory or not', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'embedded-replace-')), 'r.sqlite');
    const first = new EmbeddedReadStore(file);
    await first.commit(['a', 'b', 'c'].map((id) => ({ collection: 'c', insertOne: { document: { _id: id, v: 1 } } })));
    await first.commit([{ collection: 'other', insertOne: { document: { _id: 'a', v: 1 } } }]);
    await first.close();

    // After a restart nothing is loaded: the old ids come from disk.
    const second = new EmbeddedReadStore(file);
    await second.replaceCollection('c', [{ _id: 'b', v: 2 }, { _id: 'd', v: 2 }], { checkpoint: { name: 'p', position: '01' } });
    expect(await second.collection('c').find({}, { sort: { _id: 1 } })).toEqual([{ _id: 'b', v: 2 }, { _id: 'd', v: 2 }]);
    // Loaded now: the old ids come from memory.
    await second.replaceCollection('c', [{ _id: 'e', v: 3 }]);
    await second.close();

    const third = new EmbeddedReadStore(file);
    expect(await third.collection('c').find({})).toEqual([{ _id: 'e', v: 3 }]);
    expect(await third.collection('other').find({})).toEqual([{ _id: 'a', v: 1 }]);
    expect(await third.getCheckpoint('p')).toBe('01');
    await third.close();
  });
});
