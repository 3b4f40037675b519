import { randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SqliteEventStore } from '../event-store/sqlite-event-store';
import { EmbeddedReadStore } from '../read-store/embedded-read-store';
import { applyBatch } from './projection-runner';
import type { Projector } from './projector';
import { PROJECTOR_VERSIONS, rebuildOutdated } from './projector-versions';

const metadata = { actorId: null, actorRoles: [], correlationId: 'c', causationId: null, occurredAt: '' };

/** Version 1 keeps each name; version 2 also keeps it in lower case (a new field to search by). */
const v1: Projector = {
  name: 'names',
  collections: ['names'],
  filter: { eventTypes: ['Named'] },
  project: (e) => [{ collection: 'names', replaceOne: { filter: { _id: e.streamName }, replacement: { _id: e.streamName, name: (e.data as { name: string }).name }, upsert: true } }],
};
const v2: Projector = {
  ...v1,
  version: 2,
  project: (e) => {
    const { name } = e.data as { name: string };
    return [{ collection: 'names', replaceOne: { filter: { _id: e.streamName }, replacement: { _id: e.streamName, name, key: name.toLowerCase() }, upsert: true } }];
  },
};

async function storeBuiltBy(projector: Projector) {
  const dir = mkdtempSync(join(tmpdir(), 'versions-'));
  const eventStore = new SqliteEventStore(join(dir, 'e.sqlite'));
  const readStore = new EmbeddedReadStore(join(dir, 'r.sqlite'));
  for (const [i, name] of ['Aroha', 'Rewi', 'Mere'].entries()) {
    await eventStore.append(`n${i}`, [{ id: randomUUID(), type: 'Named', data: { name }, metadata }], { expectedRevision: 'any' });
  }
  const events = await eventStore.readAll({ after: null, limit: 100 });
  await applyBatch(readStore, projector, events, projector.name, (c) => c);
  return { eventStore, readStore };
}

describe('rebuildOutdated', () => {
  it('rebuilds a read model an older projector version wrote, then records the new version', async () => {
    const stores = await storeBuiltBy(v1);
    const said: string[] = [];
    const rebuilt = await rebuildOutdated(stores, [v2], { onRebuild: (name, from, to) => said.push(`${name} ${from} → ${to}`) });
    expect(rebuilt.map((r) => [r.projection, r.events, r.documents])).toEqual([['names', 3, 3]]);
    expect(said).toEqual(['names null → 2']);
    expect(await stores.readStore.collection('names').find({}, { sort: { _id: 1 } })).toMatchObject([
      { _id: 'n0', name: 'Aroha', key: 'aroha' },
      { _id: 'n1', name: 'Rewi', key: 'rewi' },
      { _id: 'n2', name: 'Mere', key: 'mere' },
    ]);
    expect(await stores.readStore.collection(PROJECTOR_VERSIONS).findOne({ _id: 'names' })).toMatchObject({ version: 2 });
    // Once recorded, a start with the same version rebuilds nothing.
    expect(await rebuildOutdated(stores, [v2])).toEqual([]);
  });

  it('leaves a read model built by the current version alone', async () => {
    const stores = await storeBuiltBy(v1);
    await stores.readStore.collection('names').insertOne({ _id: 'kept', name: 'not from the log' });
    expect(await rebuildOutdated(stores, [v1])).toEqual([]);
    expect(await stores.readStore.collection('names').findOne({ _id: 'kept' })).not.toBeNull();
    expect(await stores.readStore.collection(PROJECTOR_VERSIONS).findOne({ _id: 'names' })).toMatchObject({ version: 1 });
  });

  it('only stamps a fresh store, whose projection starts from the first event anyway', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'versions-'));
    const stores = { eventStore: new SqliteEventStore(join(dir, 'e.sqlite')), readStore: new EmbeddedReadStore(join(dir, 'r.sqlite')) };
    expect(await rebuildOutdated(stores, [v2])).toEqual([]);
    expect(await stores.readStore.collection(PROJECTOR_VERSIONS).findOne({ _id: 'names' })).toMatchObject({ version: 2 });
  });
});
