import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { DuplicateKeyError, type Collection, type Doc, type Filter, type ReadStore, type Sort, type WriteOp } from '../read-store/read-store';
import { seededRandom } from '../seeded-random';

export interface ReadStoreFactory {
  open(): Promise<ReadStore>;
  /** The same data again, as after a process restart. */
  reopen(): Promise<ReadStore>;
  /**
   * Whether a unique index lets only one document lack its key (MongoDB, the embedded store:
   * true when not given). FerretDB on SQLite lets several: SQLite's unique indexes take any
   * number of NULLs. Kāinga's unique keys (coupon codes, plan tiers) are never missing.
   */
  missingKeysCollide?: (store: ReadStore) => boolean;
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
      // By _id and more: the document only when the other fields match too.
      expect((await homesColl.findOne({ _id: 'h2', city: 'Wellington' }))?._id).toBe('h2');
      expect(await homesColl.findOne({ _id: 'h2', city: 'Auckland' })).toBeNull();
      expect((await homesColl.findOne({ _id: 'h3', beds: { $gte: 3 } }))?._id).toBe('h3');
      expect(await homesColl.count({ city: { $in: ['Auckland', 'Dunedin'] } })).toBe(3);
      expect(await homesColl.count()).toBe(4);
    });

    it('runs the aggregation stages the queries need', async () => {
      const store = await seeded('agg');
      // One accumulator per $group, $sum not $avg: all that FerretDB 1.x answers right (an average is a total over a count).
      const rows = await store.collection(c('agg')).aggregate<{ _id: string; n: number }>([
        { $match: { beds: { $gte: 2 } } },
        { $group: { _id: '$city', n: { $sum: 1 } } },
        { $sort: { n: -1, _id: 1 } },
        { $limit: 2 },
      ]);
      expect(rows).toEqual([
        { _id: 'Auckland', n: 2 },
        { _id: 'Dunedin', n: 1 },
      ]);
      const totals = await store.collection(c('agg')).aggregate<{ _id: string; total: number }>([{ $group: { _id: '$city', total: { $sum: '$price' } } }, { $sort: { total: -1 } }]);
      expect(totals).toEqual([
        { _id: 'Auckland', total: 2_850_000 },
        { _id: 'Wellington', total: 850_000 },
        { _id: 'Dunedin', total: 560_000 },
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

    it("versions a read model's documents: moved by commits that write them, not by a checkpoint alone", async () => {
      const store = await seeded('ver');
      const p = (n: number) => String(n).padStart(20, '0');
      expect(await store.getDataVersion(c('vproj'))).toBeNull();
      await store.commit([{ collection: c('ver'), updateOne: { filter: { _id: 'h1' }, update: { $set: { price: 5 } } } }], { name: c('vproj'), position: p(20) });
      expect(await store.getDataVersion(c('vproj'))).toBe(p(20));
      // A scanned position stored with no writes: the checkpoint moves, the documents' version does not.
      await store.commit([], { name: c('vproj'), position: p(25) });
      expect(await store.getCheckpoint(c('vproj'))).toBe(p(25));
      expect(await store.getDataVersion(c('vproj'))).toBe(p(20));
      await store.commit([{ collection: c('ver'), deleteOne: { filter: { _id: 'h2' } } }], { name: c('vproj'), position: p(30) });
      expect(await store.getDataVersion(c('vproj'))).toBe(p(30));
      // A rebuilt read model swapped in is new documents.
      await store.replaceCollection(c('ver'), [{ _id: 'z' }], { checkpoint: { name: c('vproj'), position: p(40) } });
      expect(await store.getDataVersion(c('vproj'))).toBe(p(40));
      await store.commit([{ collection: c('ver'), updateOne: { filter: { _id: 'z' }, update: { $set: { v: 1 } } } }], { name: c('vproj2'), position: p(45) });
      // Several at once, in the order asked, an unknown name null.
      expect(await store.getDataVersions([c('vproj2'), c('never'), c('vproj')])).toEqual([p(45), null, p(40)]);
      expect(await store.getDataVersions([])).toEqual([]);
      await store.deleteCheckpoint(c('vproj'));
      expect(await store.getDataVersion(c('vproj'))).toBeNull();
      expect(await store.getDataVersions([c('vproj'), c('vproj2')])).toEqual([null, p(45)]);
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

    // About 2,000 queries: some 8 s on FerretDB (a few ms each), more when the machine is busy.
    it('answers indexed queries as a scan does, through random writes, renames and a restart', { timeout: 60_000 }, async () => {
      const random = seededRandom(7);
      const pick = <V>(xs: readonly V[]) => xs[Math.floor(random() * xs.length)]!;
      let store = await start();
      // The same writes go to an indexed collection and to one without indexes (answered by a scan).
      let indexed = c('idx');
      const plain = c('plain');
      const declare = async (name: string) => {
        await store.ensureIndex(name, { city: 1, price: -1, _id: 1 });
        await store.ensureIndex(name, { beds: 1 });
        await store.ensureIndex(name, { grade: -1, _id: 1 });
        await store.ensureIndex(name, { 'meta.rank': 1, _id: -1 });
      };
      await declare(indexed);
      const cities = ['Auckland', 'Napier', 'Nelson', 'Ōtaki', null] as const;
      const value = () => {
        const r = random();
        return r < 0.1 ? undefined : r < 0.15 ? null : r < 0.3 ? pick(['a', 'b', 'c']) : Math.floor(random() * 20) - 5;
      };
      const randomDoc = (id: string): Doc => {
        const doc: Doc = { _id: id, price: Math.floor(random() * 50) * 10_000, tags: random() < 0.5 ? [pick(['x', 'y'])] : [] };
        const city = pick(cities);
        if (city !== null || random() < 0.5) doc.city = city;
        if (random() < 0.9) doc.beds = Math.floor(random() * 6);
        const grade = value();
        if (grade !== undefined) doc.grade = grade;
        if (random() < 0.8) doc.meta = { rank: Math.floor(random() * 10) };
        return doc;
      };
      const randomFilter = (): Filter => {
        const f: Filter = {};
        const r = () => random() < 0.5;
        if (r()) f.city = random() < 0.2 ? { $in: [pick(cities), pick(cities)] } : pick(cities);
        if (r()) f.beds = random() < 0.3 ? { $gte: Math.floor(random() * 6) } : random() < 0.5 ? { $gt: 1, $lte: Math.floor(random() * 6) } : Math.floor(random() * 6);
        if (random() < 0.3) f.price = { [pick(['$gt', '$gte', '$lt', '$lte'])]: Math.floor(random() * 50) * 10_000 };
        if (random() < 0.3) f.grade = random() < 0.5 ? value() ?? null : { [pick(['$gt', '$lt'])]: pick([0, 5, 'b']) };
        if (random() < 0.2) f['meta.rank'] = { $in: [Math.floor(random() * 10), Math.floor(random() * 10)] };
        if (random() < 0.15) f.tags = 'x';
        return f;
      };
      const sorts: (Sort | undefined)[] = [
        undefined,
        { _id: 1 },
        { city: 1, price: -1, _id: 1 },
        { city: -1, price: 1, _id: -1 },
        { price: -1, _id: 1 },
        { beds: 1, _id: 1 },
        { beds: -1, _id: -1 },
        { grade: -1, _id: 1 },
        { grade: 1, _id: -1 },
        { 'meta.rank': 1, _id: -1 },
        { 'meta.rank': -1, _id: 1 },
      ];
      const ids = Array.from({ length: 60 }, (_, i) => `d${String(i).padStart(2, '0')}`);
      const randomOp = (): WriteOp => {
        const r = random();
        const id = pick(ids);
        if (r < 0.3) return { replaceOne: { filter: { _id: id }, replacement: randomDoc(id), upsert: true } };
        if (r < 0.5) return { updateOne: { filter: { _id: id }, update: { $set: { price: Math.floor(random() * 50) * 10_000, grade: value() ?? null } } } };
        if (r < 0.6) return { updateOne: { filter: { _id: id }, update: { $unset: { city: '' }, $inc: { 'meta.rank': 1 } } } };
        if (r < 0.7) return { updateMany: { filter: { city: pick(cities), beds: { $gte: 3 } }, update: { $inc: { price: 5_000 } } } };
        if (r < 0.8) return { deleteOne: { filter: { _id: id } } };
        if (r < 0.85) return { deleteMany: { filter: { beds: Math.floor(random() * 6), city: pick(cities) } } };
        // (updateOne by a filter that many documents match picks one at the store's choice: not comparable)
        return { updateMany: { filter: { city: pick(cities), 'meta.rank': { $gt: 5 } }, update: { $set: { beds: Math.floor(random() * 6) } } } };
      };
      // Without a sort, the order is the store's choice: compare by _id.
      const byId = (docs: Doc[]) => [...docs].sort((a, b) => (a._id < b._id ? -1 : 1));
      const compare = async (rounds: number) => {
        const a = store.collection(indexed);
        const b = store.collection(plain);
        for (let q = 0; q < rounds; q++) {
          const filter = randomFilter();
          const sort = pick(sorts);
          const options = { sort, skip: random() < 0.3 ? Math.floor(random() * 5) : undefined, limit: random() < 0.6 ? 1 + Math.floor(random() * 8) : undefined };
          const context = JSON.stringify({ filter, options });
          if (sort) expect(await a.find(filter, options), context).toEqual(await b.find(filter, options));
          else expect(byId(await a.find(filter)), context).toEqual(byId(await b.find(filter)));
          expect(await a.count(filter), context).toBe(await b.count(filter));
        }
      };
      const write = async (coll: (name: string) => Collection, ops: WriteOp[]) => {
        await coll(indexed).bulkWrite(ops);
        await coll(plain).bulkWrite(ops);
      };
      await write((n) => store.collection(n), ids.slice(0, 40).map((id) => ({ insertOne: { document: randomDoc(id) } })));
      for (let round = 0; round < 12; round++) {
        await compare(40);
        const ops = Array.from({ length: 1 + Math.floor(random() * 12) }, randomOp);
        if (round % 3 === 0) {
          // One commit over both collections, as a projection writes.
          await store.commit([...ops.map((op) => ({ collection: indexed, ...op })), ...ops.map((op) => ({ collection: plain, ...op }))]);
        } else await write((n) => store.collection(n), ops);
        if (round === 5) {
          // A rebuilt collection with its own indexes replaces the live one.
          const fresh = c('idx_fresh');
          await declare(fresh);
          await store.collection(fresh).bulkWrite((await store.collection(indexed).find()).map((document) => ({ insertOne: { document } })));
          await store.renameCollection(fresh, indexed);
        }
        if (round === 8) {
          await store.close();
          open.splice(open.indexOf(store), 1);
          store = await start(true);
          await declare(indexed); // already there: nothing changes
        }
        if (round === 10) {
          const moved = c('idx_moved');
          await store.renameCollection(indexed, moved);
          indexed = moved;
        }
      }
      await compare(60);
    });

    it('refuses writes that break a unique index, and leaves the batch unwritten', async () => {
      const store = await start();
      const users = store.collection(c('uniq'));
      await store.ensureIndex(c('uniq'), { email: 1 }, { unique: true });
      await users.insertOne({ _id: 'u1', email: 'a@b.nz' });
      await users.insertOne({ _id: 'u2', email: 'c@d.nz' });
      await expect(users.insertOne({ _id: 'u3', email: 'a@b.nz' })).rejects.toBeInstanceOf(DuplicateKeyError);
      await expect(users.updateOne({ _id: 'u2' }, { $set: { email: 'a@b.nz' } })).rejects.toBeInstanceOf(DuplicateKeyError);
      await expect(
        store.commit([
          { collection: c('uniq'), insertOne: { document: { _id: 'u4', email: 'e@f.nz' } } },
          { collection: c('uniq'), insertOne: { document: { _id: 'u5', email: 'e@f.nz' } } },
        ]),
      ).rejects.toBeInstanceOf(DuplicateKeyError);
      expect(await users.count()).toBe(2);
      // Moving a key from one document to another in order is allowed.
      await store.commit([
        { collection: c('uniq'), updateOne: { filter: { _id: 'u1' }, update: { $set: { email: 'new@b.nz' } } } },
        { collection: c('uniq'), updateOne: { filter: { _id: 'u2' }, update: { $set: { email: 'a@b.nz' } } } },
      ]);
      expect(await users.findOne({ email: 'a@b.nz' })).toEqual({ _id: 'u2', email: 'a@b.nz' });
      // A missing field is a null key: only one document may lack it.
      await users.insertOne({ _id: 'u6' });
      if (factory!.missingKeysCollide?.(store) ?? true) await expect(users.insertOne({ _id: 'u7', email: null })).rejects.toBeInstanceOf(DuplicateKeyError);
      else await expect(users.insertOne({ _id: 'u7', email: null })).resolves.toBeUndefined();
      // An index that the documents already break cannot be created.
      await users.insertOne({ _id: 'u8', email: 'dup@b.nz', team: 't' });
      await users.insertOne({ _id: 'u9', email: 'dup2@b.nz', team: 't' });
      await expect(store.ensureIndex(c('uniq'), { team: 1 }, { unique: true })).rejects.toBeInstanceOf(DuplicateKeyError);
    });

    it('never lets a caller change a stored document through what a read returned', async () => {
      const store = await seeded('frozen');
      const coll = store.collection<Home>(c('frozen'));
      await coll.updateOne({ _id: 'h1' }, { $set: { tags: ['sunny'] } });
      const [home] = await coll.find({ _id: 'h1' });
      const tryTo = (change: () => void) => {
        try {
          change();
        } catch {
          // A frozen document refuses; a copy accepts. Either way the store must not change.
        }
      };
      tryTo(() => (home!.price = 1));
      tryTo(() => home!.tags!.push('damp'));
      const [listed] = await coll.find({ city: 'Auckland' }, { sort: { price: 1 } });
      tryTo(() => (listed!.city = 'Hamilton'));
      expect(await coll.findOne({ _id: 'h1' })).toEqual({ ...homes[0], tags: ['sunny'] });
    });

    it('replaces a collection wholesale with its indexes and the checkpoint, or not at all', async () => {
      let store = await seeded('swap');
      await store.ensureIndex(c('swap'), { city: 1 });
      await store.commit([], { name: c('swapper'), position: '00000000000000000003' });
      const rebuilt = [
        { _id: 'r1', email: 'a@b.nz', beds: 2 },
        { _id: 'r2', email: 'c@d.nz', beds: 5 },
        { _id: 'r3', email: 'e@f.nz', beds: 3 },
      ];
      await store.replaceCollection(c('swap'), rebuilt.map((d) => ({ ...d })), {
        indexes: [{ keys: { beds: -1 } }, { keys: { email: 1 }, unique: true }],
        checkpoint: { name: c('swapper'), position: '00000000000000000009' },
      });
      const check = async () => {
        const coll = store.collection(c('swap'));
        expect(await coll.find({}, { sort: { _id: 1 } })).toEqual(rebuilt);
        expect((await coll.find({ beds: { $gte: 3 } }, { sort: { beds: -1 } })).map((d) => d._id)).toEqual(['r2', 'r3']);
        expect(await store.getCheckpoint(c('swapper'))).toBe('00000000000000000009');
        // The unique index came with the documents.
        await expect(coll.insertOne({ _id: 'r4', email: 'a@b.nz' })).rejects.toBeInstanceOf(DuplicateKeyError);
      };
      await check();
      await store.close();
      open.splice(open.indexOf(store), 1);
      store = await start(true);
      await check();

      // Documents that break a unique index (or repeat an _id) change nothing.
      const clash = [{ _id: 'x1', email: 'same' }, { _id: 'x2', email: 'same' }];
      await expect(store.replaceCollection(c('swap'), clash, { indexes: [{ keys: { email: 1 }, unique: true }], checkpoint: { name: c('swapper'), position: null } })).rejects.toBeInstanceOf(DuplicateKeyError);
      await expect(store.replaceCollection(c('swap'), [{ _id: 'x1' }, { _id: 'x1' }], { checkpoint: { name: c('swapper'), position: null } })).rejects.toBeInstanceOf(DuplicateKeyError);
      await check();

      // An empty read model empties the collection; a null position forgets the checkpoint.
      await store.replaceCollection(c('swap'), [], { checkpoint: { name: c('swapper'), position: null } });
      expect(await store.collection(c('swap')).count()).toBe(0);
      expect(await store.getCheckpoint(c('swapper'))).toBeNull();
      // Without indexes the old unique one is gone too.
      await store.replaceCollection(c('swap'), clash);
      expect(await store.collection(c('swap')).count({ email: 'same' })).toBe(2);
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

