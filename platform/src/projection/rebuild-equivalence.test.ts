import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { NewEvent, RecordedEvent } from '../event-store/event-store';
import { SqliteEventStore } from '../event-store/sqlite-event-store';
import { EmbeddedReadStore } from '../read-store/embedded-read-store';
import type { CollectionWrite } from '../read-store/read-store';
import { applyBatch } from './projection-runner';
import { ensureIndexes, type Projector } from './projector';
import { rebuildProjection, rebuildProjections, unionFilter } from './rebuild';
import { seededRandom } from '../seeded-random';

const metadata = { actorId: null, actorRoles: [], correlationId: 'c', causationId: null, occurredAt: '' };
const KINDS = ['Created', 'Renamed', 'Tagged', 'Counted', 'Replaced', 'Removed', 'Flagged', 'Ignored'] as const;

/**
 * Uses every kind of write a projector may make — upserts with $setOnInsert, $set of nested
 * values, $inc, $push, $addToSet, $unset, replaceOne upserts, deletes, a filter that is not by
 * `_id`, and a second collection — so the rebuild's in-memory path must agree with the live
 * store's on each of them.
 */
const mixed: Projector = {
  name: 'mixed',
  collections: ['items', 'totals'],
  filter: { eventTypes: KINDS.filter((k) => k !== 'Ignored'), streamPrefixes: ['item-'] },
  indexes: { items: [{ keys: { group: 1, n: -1 } }], totals: [{ keys: { n: -1 } }] },
  project(e: RecordedEvent): CollectionWrite[] {
    const d = e.data as { id: string; group: string; n: number; tag: string; name: string };
    const total: CollectionWrite = { collection: 'totals', updateOne: { filter: { _id: e.type }, update: { $inc: { n: 1 }, $set: { last: d.id } }, upsert: true } };
    switch (e.type) {
      case 'Created':
        return [{ collection: 'items', updateOne: { filter: { _id: d.id }, update: { $setOnInsert: { createdAt: e.position, tags: [] }, $set: { group: d.group, name: d.name, meta: { by: d.name, at: [d.n] } } }, upsert: true } }, total];
      case 'Renamed':
        return [{ collection: 'items', updateOne: { filter: { _id: d.id }, update: { $set: { name: d.name, 'meta.by': d.name } } } }];
      case 'Tagged':
        return [{ collection: 'items', updateOne: { filter: { _id: d.id }, update: { $push: { log: d.tag }, $addToSet: { tags: d.tag } } } }, total];
      case 'Counted':
        return [{ collection: 'items', updateOne: { filter: { _id: d.id }, update: { $inc: { n: d.n } } } }];
      case 'Replaced':
        return [{ collection: 'items', replaceOne: { filter: { _id: d.id }, replacement: { _id: d.id, group: d.group, name: d.name, n: d.n, tags: [d.tag] }, upsert: true } }, total];
      case 'Removed':
        return [{ collection: 'items', deleteOne: { filter: { _id: d.id } } }, total];
      case 'Flagged':
        // Not by _id: every item of the group.
        return [{ collection: 'items', updateMany: { filter: { group: d.group }, update: { $set: { flagged: d.tag }, $unset: { 'meta.at': '' } } } }];
      default:
        return [];
    }
  },
};

/**
 * A second read model over other streams and some of the same types (and one of its own), so
 * that one pass for both lets through events each must leave to the other.
 */
const others: Projector = {
  name: 'others',
  collections: ['others'],
  filter: { eventTypes: ['Counted', 'Ignored', 'Created'], streamPrefixes: ['other-'] },
  project: (e) => [{ collection: 'others', updateOne: { filter: { _id: e.streamName }, update: { $inc: { [e.type]: 1 }, $push: { seen: e.position } }, upsert: true } }],
};

function randomEvents(random: () => number, n: number): { stream: string; event: NewEvent }[] {
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(random() * xs.length)]!;
  return Array.from({ length: n }, (_, i) => {
    const id = `i${Math.floor(random() * 12)}`;
    const data = { id, group: pick(['a', 'b', 'c']), n: Math.floor(random() * 10) - 3, tag: pick(['x', 'y', 'z']), name: `name-${i}` };
    // Some events of the right types fall on streams the filter leaves out.
    const stream = random() < 0.1 ? `other-${id}` : `item-${id}`;
    return { stream, event: { id: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`, type: pick(KINDS), data, metadata } };
  });
}

const everything = async (store: EmbeddedReadStore, coll: string) => store.collection(coll).find({}, { sort: { _id: 1 } });

describe('rebuild and live projection', () => {
  it.each([1, 2, 3, 4, 5, 6, 7, 8])('make the same documents and checkpoint from a random event sequence (seed %i)', async (seed) => {
    const random = seededRandom(seed);
    const dir = mkdtempSync(join(tmpdir(), 'rebuild-eq-'));
    const eventStore = new SqliteEventStore(join(dir, 'e.sqlite'));
    for (const { stream, event } of randomEvents(random, 150 + Math.floor(random() * 150))) await eventStore.append(stream, [event], { expectedRevision: 'any' });

    // Live: the runner's batches, of random sizes, each committed with its checkpoint.
    const live = new EmbeddedReadStore(join(dir, 'live.sqlite'));
    await ensureIndexes(live, [mixed, others]);
    for (const projector of [mixed, others]) {
      const events = await eventStore.readAll({ filter: projector.filter, limit: 10_000 });
      for (let i = 0; i < events.length; ) {
        const n = 1 + Math.floor(random() * 40);
        await applyBatch(live, projector, events.slice(i, i + n), projector.name, (c) => c);
        i += n;
      }
    }

    const rebuilt = new EmbeddedReadStore(join(dir, 'rebuilt.sqlite'));
    // Something stale the log does not explain, which the rebuild must drop.
    await rebuilt.commit([{ collection: 'items', insertOne: { document: { _id: 'stale' } } }], { name: 'mixed', position: '1' });
    // Alone, then both in one pass: the same documents either way.
    await rebuildProjection({ eventStore, readStore: rebuilt }, mixed, { batchSize: 1 + Math.floor(random() * 50) });
    const alone = await everything(rebuilt, 'items');
    const both = await rebuildProjections({ eventStore, readStore: rebuilt }, [mixed, others], { batchSize: 1 + Math.floor(random() * 50) });
    expect(await everything(rebuilt, 'items')).toEqual(alone);
    expect(both.events).toBe(both.projections.reduce((n, p) => n + p.events, 0));
    expect((await everything(live, 'others')).length).toBeGreaterThan(0);
    expect(await everything(rebuilt, 'others')).toEqual(await everything(live, 'others'));
    expect(await rebuilt.getCheckpoint('others')).toBe(await live.getCheckpoint('others'));

    expect((await everything(live, 'items')).length).toBeGreaterThan(0);
    for (const coll of mixed.collections) expect(await everything(rebuilt, coll)).toEqual(await everything(live, coll));
    expect(await rebuilt.getCheckpoint('mixed')).toBe(await live.getCheckpoint('mixed'));
    // Indexed reads agree too, and so does what a restart reads back from disk.
    const byGroup = { sort: { group: 1, n: -1 } as const };
    expect(await rebuilt.collection('items').find({ group: 'b' }, byGroup)).toEqual(await live.collection('items').find({ group: 'b' }, byGroup));
    await rebuilt.close();
    const reopened = new EmbeddedReadStore(join(dir, 'rebuilt.sqlite'));
    for (const coll of [...mixed.collections, ...others.collections]) expect(await everything(reopened, coll)).toEqual(await everything(live, coll));
    await Promise.all([reopened.close(), live.close(), eventStore.close()]);
  });
});

describe('unionFilter', () => {
  it('keeps the type index usable when every filter names types, and lets nothing through when nothing can match', () => {
    expect(unionFilter([{ eventTypes: ['A'], streamPrefixes: ['a-'] }, { eventTypes: ['B', 'A'], streamPrefixes: ['b-'] }])).toEqual({ eventTypes: ['A', 'B'], streamPrefixes: ['a-', 'b-'] });
    expect(unionFilter([{ eventTypes: ['A'] }, { streamPrefixes: ['b-'] }])).toEqual({});
    expect(unionFilter([{ eventTypes: [] }, { eventTypes: ['B'] }])).toEqual({ eventTypes: ['B'] });
    expect(unionFilter([{ eventTypes: [] }])).toEqual({ eventTypes: [] });
    expect(unionFilter([{ eventTypes: [] }, { streamPrefixes: [] }])).toBeNull();
    expect(unionFilter([])).toBeNull();
  });
});
