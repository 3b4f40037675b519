import { afterEach, describe, expect, it } from 'vitest';
import { toEsdbPosition, type EsdbEventStore } from './esdb-event-store';
import { FakeEsdbServer } from './esdb-fake-server';
import { WrongExpectedRevisionError } from './event-store';

const metadata = { actorId: null, actorRoles: [], correlationId: 'c', causationId: null, occurredAt: '' };
const batch = (...ids: string[]) => ids.map((id) => ({ id, type: 'AdImpressionRecorded', data: { n: id }, metadata }));

/**
 * Risk 1 of issue 51 on the adapter's side: which retried appends the server recognises. The fake
 * server answers as KurrentDB's IndexWriter.CheckCommit does (see FakeEsdbServer).
 */
describe('EsdbEventStore appends retried after a lost answer', () => {
  const stores: EsdbEventStore[] = [];
  afterEach(async () => {
    await Promise.all(stores.splice(0).map((s) => s.close()));
  });
  const open = async () => {
    const opened = await FakeEsdbServer.open();
    stores.push(opened.store);
    return opened;
  };
  const idsIn = (server: FakeEsdbServer, stream: string) => server.log.filter((e) => e.streamId === stream).map((e) => e.id);

  it('at an exact expected revision: the retry answers the original write and stores nothing twice', async () => {
    const { store, server } = await open();
    await store.append('adActivity-2026-03-01', batch('a'), { expectedRevision: 'no_stream' });
    server.failAfterCommit = 1;
    await expect(store.append('adActivity-2026-03-01', batch('b', 'c'), { expectedRevision: 0 })).rejects.toThrow('Deadline exceeded');
    const retried = await store.append('adActivity-2026-03-01', batch('b', 'c'), { expectedRevision: 0 });
    expect(retried.nextRevision).toBe(2);
    expect(retried.position).toBe(toEsdbPosition(server.log.at(-1)!.position));
    expect(idsIn(server, 'adActivity-2026-03-01')).toEqual(['a', 'b', 'c']);
  });

  it('at an exact expected revision another writer passed: a conflict carrying the actual revision, nothing written', async () => {
    const { store, server } = await open();
    await store.append('adActivity-2026-03-01', batch('a'), { expectedRevision: 'no_stream' });
    server.write('adActivity-2026-03-01', { id: 'other', type: 'AdImpressionRecorded' });
    const conflict = await store.append('adActivity-2026-03-01', batch('b'), { expectedRevision: 0 }).catch((e: unknown) => e);
    expect(conflict).toBeInstanceOf(WrongExpectedRevisionError);
    expect((conflict as WrongExpectedRevisionError).actual).toBe(1);
    expect(idsIn(server, 'adActivity-2026-03-01')).toEqual(['a', 'other']);
  });

  it('at any: once the ids have left the server’s cache of recent ones, a retry is stored twice (why writers that retry use a revision)', async () => {
    const { store, server } = await open();
    server.recentIds = 1;
    server.failAfterCommit = 1;
    await expect(store.append('adActivity-2026-03-01', batch('a', 'b'), { expectedRevision: 'any' })).rejects.toThrow('Deadline exceeded');
    await store.append('adActivity-2026-03-01', batch('a', 'b'), { expectedRevision: 'any' });
    expect(idsIn(server, 'adActivity-2026-03-01')).toEqual(['a', 'b', 'a', 'b']);
  });
});
