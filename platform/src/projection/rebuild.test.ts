import { randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SqliteEventStore } from '../event-store/sqlite-event-store';
import { EmbeddedReadStore } from '../read-store/embedded-read-store';
import { applyBatch } from './projection-runner';
import type { Projector } from './projector';
import { rebuildProjection, rebuildProjections, type RebuildProgress } from './rebuild';

const metadata = { actorId: null, actorRoles: [], correlationId: 'c', causationId: null, occurredAt: '' };

/** Tallies events per stream, with an index on the tally. */
const tally: Projector = {
  name: 'tally',
  collections: ['tallies'],
  filter: { eventTypes: ['Counted'] },
  indexes: { tallies: [{ keys: { n: -1, _id: 1 } }] },
  project: (e) => [{ collection: 'tallies', updateOne: { filter: { _id: e.streamName }, update: { $inc: { n: 1 }, $setOnInsert: { first: e.position } }, upsert: true } }],
};

const open = () => {
  const dir = mkdtempSync(join(tmpdir(), 'rebuild-'));
  return { eventStore: new SqliteEventStore(join(dir, 'e.sqlite')), readStore: new EmbeddedReadStore(join(dir, 'r.sqlite')), dir };
};

describe('rebuildProjection', () => {
  it('rebuilds what the live projection made, with its indexes, and moves the checkpoint', async () => {
    const { eventStore, readStore, dir } = open();
    for (let i = 0; i < 40; i++) {
      await eventStore.append(`s${i % 7}`, [{ id: randomUUID(), type: 'Counted', data: {}, metadata }], { expectedRevision: 'any' });
    }
    const live = new EmbeddedReadStore(join(dir, 'live.sqlite'));
    await applyBatch(live, tally, await eventStore.readAll({ after: null, limit: 1000 }), 'tally', (c) => c);
    // A stale document that the log does not explain must go.
    await readStore.collection('tallies').insertOne({ _id: 'stale', n: 99 });

    const progress: number[] = [];
    const result = await rebuildProjection({ eventStore, readStore }, tally, { batchSize: 3, onProgress: (p) => progress.push(p.done) });
    expect(result).toMatchObject({ projection: 'tally', events: 40, documents: 7 });
    expect(progress.at(-1)).toBe(40);
    const sorted = { sort: { n: -1, _id: 1 } as const };
    expect(await readStore.collection('tallies').find({}, sorted)).toEqual(await live.collection('tallies').find({}, sorted));
    expect(await readStore.getCheckpoint('tally')).toBe(await eventStore.headPosition());
    expect(readStore.stored('tallies').indexes.map((i) => i.name)).toEqual(['n_-1__id_1']);
    expect(await readStore.listCollections()).toEqual(['tallies']);

    // After a restart the rebuilt model and its index are read back from disk.
    await readStore.close();
    const again = new EmbeddedReadStore(join(dir, 'r.sqlite'));
    expect(await again.collection('tallies').find({ n: { $gte: 6 } }, sorted)).toEqual(await live.collection('tallies').find({ n: { $gte: 6 } }, sorted));
    expect(again.stored('tallies').indexes.map((i) => i.name)).toEqual(['n_-1__id_1']);
  });

  it('empties the read model and forgets the checkpoint when the log has none of its events', async () => {
    const { eventStore, readStore } = open();
    await readStore.commit([{ collection: 'tallies', insertOne: { document: { _id: 'old', n: 1 } } }], { name: 'tally', position: '00000000000000000005' });
    const result = await rebuildProjection({ eventStore, readStore }, tally);
    expect(result).toMatchObject({ events: 0, documents: 0 });
    expect(await readStore.collection('tallies').count()).toBe(0);
    expect(await readStore.getCheckpoint('tally')).toBeNull();
  });

  it('hands each event to the read models whose filter it matches (by type, by prefix alone), and ends each bar at what it applied', async () => {
    const { eventStore, readStore } = open();
    const streams = ['a-1', 'a-2', 'b-1', 'b-2', 'c-1'];
    for (let i = 0; i < 60; i++) {
      const type = ['Counted', 'Named', 'Other'][i % 3]!;
      await eventStore.append(streams[i % streams.length]!, [{ id: randomUUID(), type, data: {}, metadata }], { expectedRevision: 'any' });
    }
    const perStream = (name: string, filter: Projector['filter']): Projector => ({
      name,
      collections: [name],
      filter,
      project: (e) => [{ collection: name, updateOne: { filter: { _id: e.streamName }, update: { $push: { seen: `${e.type}@${e.position}` } }, upsert: true } }],
    });
    const projectors = [
      perStream('counted_on_a', { eventTypes: ['Counted'], streamPrefixes: ['a-'] }),
      perStream('all_on_b', { streamPrefixes: ['b-'] }),
      perStream('named_anywhere', { eventTypes: ['Named', 'Counted'] }),
    ];
    const alone = new Map<string, unknown>();
    for (const p of projectors) {
      await rebuildProjection({ eventStore, readStore }, p, { batchSize: 7 });
      alone.set(p.name, await readStore.collection(p.name).find({}, { sort: { _id: 1 } }));
    }
    const reports: RebuildProgress[] = [];
    const result = await rebuildProjections({ eventStore, readStore }, projectors, { batchSize: 7, onProgress: (r) => reports.push(r) });
    for (const p of projectors) expect(await readStore.collection(p.name).find({}, { sort: { _id: 1 } })).toEqual(alone.get(p.name));
    expect(result.projections.map((r) => [r.projection, r.events])).toEqual([
      ['counted_on_a', 8],
      ['all_on_b', 24],
      ['named_anywhere', 40],
    ]);
    // The totals are counted by type: Counted on other streams than a- counts at first, the last report says what was applied.
    const of = (name: string) => reports.filter((r) => r.projection === name);
    expect(of('counted_on_a')[0]).toEqual({ projection: 'counted_on_a', done: 0, total: 20 });
    for (const p of projectors) expect(of(p.name).at(-1)).toEqual({ projection: p.name, done: result.projections.find((r) => r.projection === p.name)!.events, total: result.projections.find((r) => r.projection === p.name)!.events });
  });
});
