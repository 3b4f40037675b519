import { BACKWARDS, END, START } from '@eventstore/db-client';
import { afterEach, describe, expect, it } from 'vitest';
import { toEsdbPosition, type EsdbEventStore } from './esdb-event-store';
import { FakeEsdbServer } from './esdb-fake-server';

/**
 * Risk 5 of issue 51: filtered reads of `$all` must not pull the whole log to the client. This
 * client's readAll takes no filter, so they run as server-filtered subscriptions ending at caught
 * up; the fake server sends only what the filter passes, and records what was asked of it.
 */
describe('EsdbEventStore filtered reads', () => {
  const stores: EsdbEventStore[] = [];
  afterEach(async () => {
    await Promise.all(stores.splice(0).map((s) => s.close()));
  });
  async function withLog() {
    const { store, server } = await FakeEsdbServer.open();
    stores.push(store);
    server.write('adActivity-2026-03-01', { id: 'i1', type: 'AdImpressionRecorded' });
    server.write('user-1', { id: 'u1', type: 'UserRegistered' }, { id: 'u2', type: 'UserRenamed' });
    server.write('$stats-1', { id: 's1', type: '$statsCollected' });
    server.write('adActivity-2026-03-01', { id: 'i2', type: 'AdImpressionRecorded' }, { id: 'c1', type: 'AdClickRecorded' });
    return { store, server };
  }

  it('readAll with a filter asks the server to filter (no $all read) and pages after a position', async () => {
    const { store, server } = await withLog();
    const first = await store.readAll({ filter: { eventTypes: ['AdImpressionRecorded', 'AdClickRecorded'] }, limit: 2 });
    expect(first.map((e) => e.id)).toEqual(['i1', 'i2']);
    const rest = await store.readAll({ after: first.at(-1)!.position, filter: { eventTypes: ['AdImpressionRecorded', 'AdClickRecorded'] } });
    expect(rest.map((e) => e.id)).toEqual(['c1']);
    expect(server.readAllCalls).toEqual([]);
    expect(server.subscribeCalls.map((c) => [c.fromPosition, c.filter?.filterOn, 'regex' in c.filter! ? c.filter.regex : null])).toEqual([
      [START, 'eventType', '^(?:AdImpressionRecorded|AdClickRecorded)$'],
      [server.log[4]!.position, 'eventType', '^(?:AdImpressionRecorded|AdClickRecorded)$'],
    ]);
  });

  it('checks both filters on the client when the server takes one, and never returns system events', async () => {
    const { store, server } = await withLog();
    const events = await store.readAll({ filter: { eventTypes: ['AdImpressionRecorded', 'UserRenamed'], streamPrefixes: ['adActivity-'] } });
    expect(events.map((e) => e.id)).toEqual(['i1', 'i2']);
    expect(server.subscribeCalls[0]!.filter?.filterOn).toBe('eventType');
    expect(await store.countEvents()).toBe(5);
    expect(await store.countEvents({ streamPrefixes: ['user-'] })).toBe(2);
    expect(server.subscribeCalls.at(-1)!.filter).toMatchObject({ filterOn: 'streamName', prefixes: ['user-'] });
    expect(server.readAllCalls).toEqual([]);
  });

  it('headPosition reads $all backwards from the end, one event for the head, then growing pages until a match', async () => {
    const { store, server } = await withLog();
    expect(await store.headPosition()).toBe(toEsdbPosition(server.log.at(-1)!.position));
    expect(server.readAllCalls).toEqual([{ direction: BACKWARDS, fromPosition: END, maxCount: 1 }]);
    server.readAllCalls.length = 0;
    expect(await store.headPosition({ streamPrefixes: ['user-'] })).toBe(toEsdbPosition(server.log[2]!.position));
    expect(server.readAllCalls).toEqual([
      { direction: BACKWARDS, fromPosition: END, maxCount: 1 },
      { direction: BACKWARDS, fromPosition: server.log[5]!.position, maxCount: 8 },
    ]);
    expect(await store.headPosition({ eventTypes: [] })).toBeNull();
    server.write('$stats-1', { id: 's2', type: '$statsCollected' });
    expect(await store.headPosition()).toBe(toEsdbPosition(server.log[5]!.position));
  });
});
