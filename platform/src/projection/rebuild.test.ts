import { randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SqliteEventStore } from '../event-store/sqlite-event-store';
import { EmbeddedReadStore } from '../read-store/embedded-read-store';
import { applyBatch } from './projection-runner';
import type { Projector } from './projector';
import { rebuildProjection } from './rebuild';

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
});
