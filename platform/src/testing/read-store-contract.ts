import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { DuplicateKeyError, type ReadStore } from '../read-store/read-store';

export interface ReadStoreFactory {
  open(): Promise<ReadStore>;
  /** The same data again, as after a process restart. */
  reopen(): Promise<ReadStore>;
}

type Home = { _id: string; city: string; beds: number; price: number; tags?: string[]; history?: number[]; views?: number; createdBy?: string };
const homes: Home[] = [
  { _id: 'h1', city: 'Auckland', beds: 3, price: 1_200_000 },
  { _id: 'h2', city: 'Wellington', beds: 2, price: 850_000 },
  { _id: 'h3', city: 'Auckland', beds: 4, price: 1_650_000 },
  { _id: 'h4', city: 'Dunedin', beds: 3, price: 560_000 },
];

/** One contract for every ReadStore adapter; collection names carry a per-run prefix. */
export function readStoreContract(name: string, factory: ReadStoreFactory | null) {
  describe.skipIf(!factory)(`ReadStore contract: ${name}`, () => {
    const open: ReadStore[] = [];
    const run = `t${randomUUID().slice(0, 8)}_`;
    const c = (n: string) => `${run}${n}`;
    const start = async (reopen = false) => {
      const store = reopen ? await factory!.reopen() : await factory!.open();
      open.push(store);
      return store;
    };
    const seeded = async (coll: string) => {
      const store = await start();
      await store.collection<Home>(c(coll)).bulkWrite(homes.map((document) => ({ insertOne: { document } })));
      return store;
    };
    afterEach(async () => {
      await Promise.all(open.splice(0).map((st) => st.close()));
    });

    it('finds with filter, sort, skip, limit and projection', async () => {
      const store = await seeded('find');
      const homesColl = store.collection<Home>(c('find'));
      expect((await homesColl.find({ city: 'Auckland' }, { sort: { price: -1 } })).map((h) => h._id)).toEqual(['h3', 'h1']);
      expect((await homesColl.find({ beds: { $gte: 3 } }, { sort: { price: 1 }, skip: 1, limit: 1 })).map((h) => h._id)).toEqual(['h1']);
      expect(await homesColl.find({ _id: 'h2' }, { projection: { city: 1 } })).toEqual([{ _id: 'h2', city: 'Wellington' }]);
      expect(await homesColl.findOne({ _id: 'nope' })).toBeNull();
      expect(await homesColl.count({ city: { $in: ['Auckland', 'Dunedin'] } })).toBe(3);
      expect(await homesColl.count()).toBe(4);
    });

    it('runs the aggregation stages the queries need', async () => {
      const store = await seeded('agg');
      const rows = await store.collection(c('agg')).aggregate<{ _id: string; n: number; avg: number }>([
        { $match: { beds: { $gte: 2 } } },
        { $group: { _id: '$city', n: { $sum: 1 }, avg: { $avg: '$price' } } },
        { $sort: { n: -1, _id: 1 } },
        { $limit: 2 },
      ]);
      expect(rows).toEqual([
        { _id: 'Auckland', n: 2, avg: 1_425_000 },
        { _id: 'Dunedin', n: 1, avg: 560_000 },
      ]);
      const [counted] = await store.collection(c('agg')).aggregate<{ total: number }>([{ $match: { city: 'Auckland' } }, { $count: 'total' }]);
      expect(counted).toEqual({ total: 2 });
    });

    it('updates with $set, $inc, $push, $addToSet, $unset and upserts with $setOnInsert', async () => {
      const store = await seeded('upd');
      const coll = store.collection<Home>(c('upd'));
      const r = await coll.updateOne({ _id: 'h1' }, { $set: { price: 1_250_000 }, $inc: { views: 2 }, $push: { history: 1 }, $addToSet: { tags: 'sunny' } });
      expect(r).toMatchObject({ matchedCount: 1, modifiedCount: 1, upsertedId: null });
      await coll.updateOne({ _id: 'h1' }, { $inc: { views: 1 }, $push: { history: 2 }, $addToSet: { tags: 'sunny' } });
      expect(await coll.findOne({ _id: 'h1' })).toMatchObject({ price: 1_250_000, views: 3, history: [1, 2], tags: ['sunny'] });
      await coll.updateOne({ _id: 'h1' }, { $unset: { tags: '' } });
      expect(await coll.findOne({ _id: 'h1' })).not.toHaveProperty('tags');

      const up = await coll.updateOne({ _id: 'h9' }, { $setOnInsert: { createdBy: 'seed' }, $set: { city: 'Nelson', beds: 2, price: 700_000 } }, { upsert: true });
      expect(up.upsertedId).toBe('h9');
      await coll.updateOne({ _id: 'h9' }, { $setOnInsert: { createdBy: 'other' }, $set: { price: 710_000 } }, { upsert: true });
      expect(await coll.findOne({ _id: 'h9' })).toEqual({ _id: 'h9', createdBy: 'seed', city: 'Nelson', beds: 2, price: 710_000 });
      const many = await coll.updateMany({ city: 'Auckland' }, { $inc: { views: 10 } });
      expect(many).toMatchObject({ matchedCount: 2, modifiedCount: 2 });
      expect((await coll.findOne({ _id: 'h3' }))?.views).toBe(10);
      const none = await coll.updateOne({ _id: 'zzz' }, { $set: { price: 1 } });
      expect(none).toMatchObject({ matchedCount: 0, upsertedId: null });
      expect(await coll.count()).toBe(5);
    });

    it('replaces and deletes', async () => {
      const store = await seeded('del');
      const coll = store.collection<Home>(c('del'));
      await coll.replaceOne({ _id: 'h2' }, { _id: 'h2', city: 'Lower Hutt', beds: 2, price: 700_000 });
      expect((await coll.findOne({ _id: 'h2' }))?.city).toBe('Lower Hutt');
      expect(await coll.deleteOne({ _id: 'h2' })).toBe(1);
      expect(await coll.deleteMany({ city: 'Auckland' })).toBe(2);
      expect((await coll.find()).map((h) => h._id)).toEqual(['h4']);
    });

    it('refuses a duplicate _id on insert', async () => {
      const store = await seeded('dupe');
      await expect(store.collection<Home>(c('dupe')).insertOne(homes[0]!)).rejects.toBeInstanceOf(DuplicateKeyError);
    });

    it('commits writes across collections with a checkpoint atomically', async () => {
      const store = await seeded('atom');
      await store.commit(
        [
          { collection: c('atom'), updateOne: { filter: { _id: 'h1' }, update: { $set: { price: 1 } } } },
          { collection: c('atom2'), insertOne: { document: { _id: 'x', v: 1 } } },
        ],
        { name: c('proj'), position: '00000000000000000010' },
      );
      expect(await store.getCheckpoint(c('proj'))).toBe('00000000000000000010');
      // The second write fails: neither the first write nor the checkpoint may be visible.
      await expect(
        store.commit(
          [
            { collection: c('atom'), updateOne: { filter: { _id: 'h1' }, update: { $set: { price: 2 } } } },
            { collection: c('atom2'), insertOne: { document: { _id: 'x', v: 2 } } },
          ],
          { name: c('proj'), position: '00000000000000000011' },
        ),
      ).rejects.toBeInstanceOf(DuplicateKeyError);
      expect((await store.collection<Home>(c('atom')).findOne({ _id: 'h1' }))?.price).toBe(1);
      expect(await store.collection(c('atom2')).findOne({ _id: 'x' })).toEqual({ _id: 'x', v: 1 });
      expect(await store.getCheckpoint(c('proj'))).toBe('00000000000000000010');
      expect(await store.getCheckpoint(c('never'))).toBeNull();
    });

    it('keeps documents and checkpoints across a restart', async () => {
      const store = await seeded('persist');
      await store.commit([{ collection: c('persist'), deleteOne: { filter: { _id: 'h4' } } }], { name: c('p2'), position: '00000000000000000042' });
      await store.close();
      open.splice(open.indexOf(store), 1);
      const again = await start(true);
      expect(await again.collection(c('persist')).count()).toBe(3);
      expect(await again.getCheckpoint(c('p2'))).toBe('00000000000000000042');
    });

    it('swaps a rebuilt collection in by rename and drops collections', async () => {
      const store = await seeded('live');
      await store.collection(c('live_rebuild')).insertOne({ _id: 'r1', city: 'Napier' });
      await store.renameCollection(c('live_rebuild'), c('live'));
      expect(await store.collection(c('live')).find()).toEqual([{ _id: 'r1', city: 'Napier' }]);
      expect(await store.collection(c('live_rebuild')).count()).toBe(0);
      expect(await store.listCollections()).toContain(c('live'));
      await store.dropCollection(c('live'));
      expect(await store.collection(c('live')).count()).toBe(0);
    });
  });
}
