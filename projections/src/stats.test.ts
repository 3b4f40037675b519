import type { EmbeddedReadStore } from '@kainga/platform';
import { temporaryReadStore } from '@kainga/platform/testing';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PARTNERS } from './partners';
import { PROPERTIES } from './properties';
import { USERS } from './users';
import { adminStats, publicStats, utcDay } from './stats';
import { VALUATIONS } from './valuations';

describe('stats', () => {
  let store: EmbeddedReadStore;
  beforeEach(() => {
    store = temporaryReadStore('kainga-stats-');
  });
  afterEach(async () => {
    await store.close();
  });

  const valuation = (id: string) => ({ collection: VALUATIONS, insertOne: { document: { _id: id, status: 'completed', createdAt: '2026-11-20T00:00:00.000Z' } } });
  const now = new Date('2026-11-23T00:00:00Z');

  it('counts once per change of the counted read models, and again after each change', async () => {
    await store.commit([valuation('v1'), { collection: PROPERTIES, insertOne: { document: { _id: 'p1' } } }], { name: 'valuations', position: '01' });
    const count = vi.spyOn(store, 'collection');
    expect((await publicStats(store, now)).totalValuations).toBe(1);
    const reads = count.mock.calls.length;
    expect((await publicStats(store, now)).totalValuations).toBe(1);
    expect(count.mock.calls.length).toBe(reads); // answered without counting again

    await store.commit([valuation('v2')], { name: 'valuations', position: '02' });
    expect((await publicStats(store, now)).totalValuations).toBe(2);
    expect((await adminStats(store, now)).totalValuations).toBe(2);
    await store.commit([{ collection: PROPERTIES, insertOne: { document: { _id: 'p2' } } }], { name: 'properties', position: '03' });
    expect((await adminStats(store, now)).totalProperties).toBe(2);
  });

  it('counts again on a new day (the recent windows move)', async () => {
    await store.commit([valuation('v1')], { name: 'valuations', position: '01' });
    await publicStats(store, now);
    const count = vi.spyOn(store, 'collection');
    await publicStats(store, new Date('2026-11-24T00:00:00Z'));
    expect(count.mock.calls.length).toBeGreaterThan(0);
  });

  it('counts the partners a person can reach: enrolled, and still holding the role', async () => {
    const user = (id: string, roles: string[]) => ({ collection: USERS, insertOne: { document: { _id: id, roles } } });
    const partner = (id: string, userId: string, role: string) => ({ collection: PARTNERS, insertOne: { document: { _id: id, userId, role, createdAt: '2026-11-20T00:00:00.000Z' } } });
    await store.commit(
      [
        user('u1', ['general', 'mortgage_broker']),
        user('u2', ['general']), // the role was taken away after enrolment
        user('u3', ['property_manager']), // the role without a partner record (Edit Roles alone)
        partner('p1', 'u1', 'mortgage_broker'),
        partner('p2', 'u2', 'registered_valuer'),
      ],
      { name: 'partners', position: '01' },
    );
    expect((await publicStats(store, now)).totalPartners).toBe(1);
  });
});

describe('utcDay', () => {
  it('is the UTC day toISOString gives, across day boundaries and back and forth in time', () => {
    const times = ['2026-11-26T23:59:59.999Z', '2026-11-27T00:00:00.000Z', '2026-11-26T00:00:00.000Z', '2026-11-25T12:00:00.000Z', '1969-12-31T23:59:59.999Z', '1970-01-01T00:00:00.000Z', '2026-11-27T13:00:00.000Z'];
    for (const t of times) expect(utcDay(new Date(t))).toBe(t.slice(0, 10));
  });
});
