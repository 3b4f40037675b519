import { randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MongoClient } from 'mongodb';
import { afterAll, describe, expect, it } from 'vitest';
import type { RecordedEvent } from '../event-store/event-store';
import { applyBatch } from '../projection/projection-runner';
import type { Projector } from '../projection/projector';
import { mongoTestServer } from '../testing/mongo-test-server';
import { recordedEvents } from '../testing/recorded-events';
import { EmbeddedReadStore } from './embedded-read-store';
import type { CrashPoint } from './mongo-rollback-journal';
import { MongoReadStore } from './mongo-read-store';
import { DuplicateKeyError, type CollectionWrite, type ReadStore } from './read-store';

/**
 * The MongoDB read store's commit without transactions (RollbackJournal), run on FerretDB, which
 * has none (or on MONGO_URL's server with transactions turned off): a crash between the writes
 * and the checkpoint must replay to the read model an uninterrupted run builds.
 */
const mongo = mongoTestServer();
const clients: { close(): Promise<void> }[] = [];
afterAll(async () => {
  await Promise.all(clients.splice(0).map((c) => c.close()));
});

class Crash extends Error {}

async function connect(db: string, crashPoint?: CrashPoint) {
  const store = await MongoReadStore.connect(await mongo.url(), db, { transactions: false, crashPoint });
  clients.push(store);
  return store;
}

type Tally = { key: string; n: number; gone?: boolean };
const next = recordedEvents();
const events: RecordedEvent[] = Array.from({ length: 40 }, (_, i) => next(`tally-${i % 4}`, 'Counted', { key: `k${i % 5}`, n: i + 1, gone: i === 9 } satisfies Tally));

/**
 * Writes no replay may repeat: $inc, $push, two writes of one event to one document, an insert
 * under a unique index, and a delete by filter whose documents are known only mid-batch.
 */
const perEvent: Projector = {
  name: 'tallies',
  collections: ['tallies', 'counted'],
  filter: { eventTypes: ['Counted'] },
  indexes: { counted: [{ keys: { order: 1 }, unique: true }] },
  project: (event) => {
    const { key, n, gone } = event.data as Tally;
    const writes: CollectionWrite[] = [
      { collection: 'tallies', updateOne: { filter: { _id: key }, update: { $inc: { total: n }, $push: { seen: n } }, upsert: true } },
      { collection: 'tallies', updateOne: { filter: { _id: key }, update: { $inc: { events: 1 } } } },
      { collection: 'counted', insertOne: { document: { _id: event.id, key, order: n } } },
    ];
    // k4 (it has seen 5), by a filter: in the batch the crash cuts, so its documents are known only mid-batch.
    if (gone) writes.push({ collection: 'tallies', deleteMany: { filter: { total: { $gt: 10 }, seen: 5 } } });
    return writes;
  },
};

/** A whole batch summed into one $inc per document: a replay that batches otherwise sums otherwise. */
const batched: Projector = {
  name: 'batched',
  collections: ['sums'],
  filter: { eventTypes: ['Counted'] },
  project: () => [],
  projectBatch: (batch) => {
    const sums = new Map<string, number>();
    for (const e of batch) sums.set((e.data as Tally).key, (sums.get((e.data as Tally).key) ?? 0) + (e.data as Tally).n);
    return [...sums].map(([key, n]) => ({ collection: 'sums', updateOne: { filter: { _id: key }, update: { $inc: { n } }, upsert: true } }));
  },
};
const projectors = [perEvent, batched];

async function prepare(store: ReadStore) {
  for (const p of projectors) for (const [c, specs] of Object.entries(p.indexes ?? {})) for (const spec of specs) await store.ensureIndex(c, spec.keys, { unique: spec.unique });
}

/**
 * Applies the events in windows of `size`, each window to every projector from its own checkpoint
 * on (so commits alternate: tallies, batched, tallies, …), as the runner does after a restart.
 */
async function project(store: ReadStore, size: number) {
  const from = new Map<string, string | null>();
  for (const p of projectors) from.set(p.name, await store.getCheckpoint(p.name));
  for (let i = 0; i < events.length; i += size) {
    for (const p of projectors) {
      const after = from.get(p.name);
      const batch = events.slice(i, i + size).filter((e) => after === null || after === undefined || e.position > after);
      if (batch.length > 0) await applyBatch(store, p, batch, p.name, (c) => c);
    }
  }
}

async function readModel(store: ReadStore) {
  const out: Record<string, unknown> = {};
  for (const p of projectors) {
    out[`checkpoint ${p.name}`] = await store.getCheckpoint(p.name);
    for (const c of p.collections) out[c] = await store.collection(c).find({}, { sort: { _id: 1 } });
  }
  return out;
}

let reference: Record<string, unknown> | undefined;
/** The read model of an uninterrupted run, on the embedded store (transactions of SQLite). */
async function expected() {
  if (reference) return reference;
  const store = new EmbeddedReadStore(join(mkdtempSync(join(tmpdir(), 'kainga-journal-')), 'read.sqlite'));
  await prepare(store);
  await project(store, 7);
  reference = await readModel(store);
  await store.close();
  return reference;
}

/** The read model of an uninterrupted run stopped at these checkpoints (the embedded store). */
async function readModelAt(stopped: Record<string, string>) {
  const store = new EmbeddedReadStore(join(mkdtempSync(join(tmpdir(), 'kainga-journal-')), 'read.sqlite'));
  await prepare(store);
  for (const p of projectors) await applyBatch(store, p, events.filter((e) => e.position <= stopped[p.name]!), p.name, (c) => c);
  const model = await readModel(store);
  await store.close();
  return model;
}

describe('MongoDB read store without transactions: commits through a rollback journal', () => {
  it('finds out at connect whether the server runs transactions (FerretDB does not)', async () => {
    const store = await MongoReadStore.connect(await mongo.url(), `kainga_journal_${randomUUID().slice(0, 8)}`);
    clients.push(store);
    if (store.ferretdb !== null) expect(store.transactions).toBe(false);
    // Either way, an uninterrupted run builds the embedded store's read model.
    await prepare(store);
    await project(store, 7);
    expect(await readModel(store)).toEqual(await expected());
  });

  type Point = Parameters<CrashPoint>[0];
  const crashes: { name: string; commit: number; at: (point: Point) => boolean; stopped: Record<string, string> }[] = [
    { name: 'after the first run of writes', commit: 3, at: (p) => typeof p === 'object' && p.afterWrites === 1, stopped: { tallies: events[6]!.position, batched: events[6]!.position } },
    { name: 'part way through the writes', commit: 3, at: (p) => typeof p === 'object' && p.afterWrites === 3, stopped: { tallies: events[6]!.position, batched: events[6]!.position } },
    { name: 'with every write done, before the checkpoint', commit: 3, at: (p) => p === 'before-checkpoint', stopped: { tallies: events[6]!.position, batched: events[6]!.position } },
    { name: 'of a summed batch, before the checkpoint', commit: 4, at: (p) => p === 'before-checkpoint', stopped: { tallies: events[13]!.position, batched: events[6]!.position } },
  ];
  it.each(crashes)('replays a crash $name to the read model of an uninterrupted run, in other batches', async ({ commit, at, stopped }) => {
    const db = `kainga_journal_${randomUUID().slice(0, 8)}`;
    let commits = 0;
    let crashed = false;
    // One commit that writes is cut off where a kill would cut it.
    const crashing = await connect(db, (point) => {
      if (typeof point === 'object' && point.afterWrites === 1) commits += 1;
      if (!crashed && commits === commit && at(point)) {
        crashed = true;
        throw new Crash('killed');
      }
    });
    await prepare(crashing);
    await expect(project(crashing, 7)).rejects.toBeInstanceOf(Crash);
    // The checkpoints stayed where the last whole commits put them, while writes after them are on the server.
    expect({ tallies: await crashing.getCheckpoint('tallies'), batched: await crashing.getCheckpoint('batched') }).toEqual(stopped);
    expect(await readModel(crashing)).not.toEqual(await readModelAt(stopped));
    await crashing.close();

    // A new process: each projection resumes from its checkpoint, batching the replay otherwise.
    const restarted = await connect(db);
    await project(restarted, 5);
    expect(await readModel(restarted)).toEqual(await expected());
  });

  it('leaves nothing of a commit whose write fails, and the store goes on', async () => {
    const store = await connect(`kainga_journal_${randomUUID().slice(0, 8)}`);
    await prepare(store);
    await project(store, 40);
    const before = await readModel(store);
    const clash: CollectionWrite[] = [
      { collection: 'tallies', updateOne: { filter: { _id: 'k1' }, update: { $inc: { total: 1000 } } } },
      { collection: 'tallies', deleteOne: { filter: { _id: 'k2' } } },
      { collection: 'counted', updateMany: { filter: { key: 'k3' }, update: { $set: { order: 1 } } } },
    ];
    await expect(store.commit(clash, { name: 'tallies', position: '00000000000000000099' })).rejects.toBeInstanceOf(DuplicateKeyError);
    expect(await readModel(store)).toEqual(before);
    await store.commit([{ collection: 'tallies', updateOne: { filter: { _id: 'k1' }, update: { $inc: { total: 1 } } } }], { name: 'tallies', position: '00000000000000000099' });
    expect(await store.getCheckpoint('tallies')).toBe('00000000000000000099');
    expect((await store.collection('tallies').findOne({ _id: 'k1' }))?.total).toBe(((before.tallies as { _id: string; total: number }[]).find((t) => t._id === 'k1')?.total ?? 0) + 1);
  });

  it('refuses an upsert by another filter than _id, whose new document it could not take back', async () => {
    const store = await connect(`kainga_journal_${randomUUID().slice(0, 8)}`);
    await expect(store.commit([{ collection: 'tallies', updateOne: { filter: { key: 'k1' }, update: { $inc: { n: 1 } }, upsert: true } }], { name: 'x', position: '1' })).rejects.toThrow(
      'A commit without transactions upserts by _id only (collection tallies): a document it made under another filter could not be taken back.',
    );
    expect(await store.collection('tallies').count()).toBe(0);
  });

  it('puts back a live collection a crash left set aside during a swap without dropTarget', async () => {
    const url = await mongo.url();
    const db = `kainga_journal_${randomUUID().slice(0, 8)}`;
    const client = await MongoClient.connect(url);
    clients.push(client);
    // Crashed between the two renames: the live one aside, the rebuilt one not yet in place.
    await client.db(db).collection('homes__displaced').insertOne({ _id: 'h1' } as never);
    await client.db(db).collection('homes__replace').insertOne({ _id: 'r1' } as never);
    // Crashed after them: the rebuilt one in place, the aside one not yet dropped.
    await client.db(db).collection('plans').insertOne({ _id: 'new' } as never);
    await client.db(db).collection('plans__displaced').insertOne({ _id: 'old' } as never);
    const store = await connect(db);
    expect(await store.collection('homes').find()).toEqual([{ _id: 'h1' }]);
    expect(await store.collection('plans').find()).toEqual([{ _id: 'new' }]);
    expect(await store.listCollections()).toEqual(['homes', 'homes__replace', 'plans']);
  });

  it('refuses on FerretDB a $group it would answer wrong, and answers it on MongoDB', async () => {
    const store = await connect(`kainga_journal_${randomUUID().slice(0, 8)}`);
    await store.collection('homes').bulkWrite([{ insertOne: { document: { _id: 'a', city: 'X', price: 2 } } }, { insertOne: { document: { _id: 'b', city: 'X', price: 4 } } }]);
    const twoAccumulators = store.collection('homes').aggregate([{ $group: { _id: '$city', n: { $sum: 1 }, total: { $sum: '$price' } } }]);
    if (store.ferretdb !== null) await expect(twoAccumulators).rejects.toThrow('FerretDB answers only the first accumulator of a $group stage: group once per accumulator.');
    else await expect(twoAccumulators).resolves.toEqual([{ _id: 'X', n: 2, total: 6 }]);
  });
});
