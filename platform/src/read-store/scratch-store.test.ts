import { describe, expect, it } from 'vitest';
import { DuplicateKeyError } from './read-store';
import { ScratchStore } from './scratch-store';

describe('ScratchStore', () => {
  it('applies every write kind in order and stamps what it writes with the position', () => {
    const store = new ScratchStore();
    store.apply([{ collection: 'c', insertOne: { document: { _id: 'a', n: 1, tags: ['x'] } } }], 'p1');
    store.apply(
      [
        { collection: 'c', updateOne: { filter: { _id: 'a' }, update: { $inc: { n: 1 }, $push: { tags: 'y' } } } },
        { collection: 'c', updateOne: { filter: { _id: 'b', kind: 'k' }, update: { $setOnInsert: { made: true }, $set: { n: 5 } }, upsert: true } },
        { collection: 'c', replaceOne: { filter: { _id: 'r' }, replacement: { _id: 'r', v: 1 }, upsert: true } },
        { collection: 'c', replaceOne: { filter: { _id: 'missing' }, replacement: { _id: 'missing', v: 1 } } },
      ],
      'p2',
    );
    const docs = store.docs('c');
    expect(docs.get('a')).toEqual({ _id: 'a', n: 2, tags: ['x', 'y'], _lastPosition: 'p2' });
    expect(docs.get('b')).toEqual({ _id: 'b', kind: 'k', made: true, n: 5, _lastPosition: 'p2' });
    // In the order the live store writes them, so the same document is the same JSON row.
    expect(Object.keys(docs.get('b')!)).toEqual(['_id', 'kind', 'made', 'n', '_lastPosition']);
    expect(docs.get('r')).toEqual({ _id: 'r', v: 1, _lastPosition: 'p2' });
    expect(docs.has('missing')).toBe(false);

    // Filters other than by _id scan the collection.
    store.apply([
      { collection: 'c', updateMany: { filter: { n: { $gte: 2 } }, update: { $set: { big: true } } } },
      { collection: 'c', replaceOne: { filter: { v: 1 }, replacement: { _id: 'ignored', v: 2 } } },
      { collection: 'c', deleteMany: { filter: { kind: 'k' } } },
    ]);
    expect([...docs.values()]).toEqual([
      { _id: 'a', n: 2, tags: ['x', 'y'], _lastPosition: 'p2', big: true },
      { _id: 'r', v: 2 },
    ]);
  });

  it('copies what it is given, so documents never share values with the writes', () => {
    const store = new ScratchStore();
    const shared = { list: [1] };
    store.apply([
      { collection: 'c', insertOne: { document: { _id: 'a', shared } } },
      { collection: 'c', insertOne: { document: { _id: 'b', shared } } },
      { collection: 'c', updateOne: { filter: { _id: 'a' }, update: { $push: { 'shared.list': 2 } } } },
    ]);
    expect(store.docs('c').get('b')).toEqual({ _id: 'b', shared: { list: [1] } });
    expect(shared).toEqual({ list: [1] });
  });

  it('gives an upserted document a fresh _id when the filter names none', () => {
    const store = new ScratchStore();
    store.apply([{ collection: 'c', updateOne: { filter: { kind: 'k' }, update: { $set: { n: 1 } }, upsert: true } }]);
    const [doc] = [...store.docs('c').values()];
    expect(doc).toEqual({ _id: expect.stringMatching(/^[0-9a-f-]{36}$/), kind: 'k', n: 1 });
    expect(Object.keys(doc!)).toEqual(['_id', 'kind', 'n']);
  });

  it('refuses a second document with one _id', () => {
    const store = new ScratchStore();
    store.apply([{ collection: 'c', insertOne: { document: { _id: 'a' } } }]);
    expect(() => store.apply([{ collection: 'c', insertOne: { document: { _id: 'a' } } }])).toThrow(DuplicateKeyError);
  });
});
