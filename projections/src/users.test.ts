import { applyBatch, type RecordedEvent } from '@kainga/platform';
import { projectedStore, temporaryReadStore } from '@kainga/platform/testing';
import { describe, expect, it } from 'vitest';
import { findUser, pageUsers, usersProjector } from './users';

let position = 0;
const recorded = (type: string, data: object): RecordedEvent => ({
  id: `e${++position}`,
  type,
  data,
  metadata: { actorId: null, actorRoles: [], correlationId: 'c', causationId: null, occurredAt: '' },
  streamName: 'user-u1',
  revision: position - 1,
  position: String(position).padStart(20, '0'),
  recordedAt: '',
});

describe('users projector', () => {
  it('keeps one document per account through registration, profile and role changes', async () => {
    const store = temporaryReadStore();
    const events = [
      recorded('UserRegistered', { userId: 'u1', email: 'a@b.nz', firstName: 'Aroha', lastName: 'Ngata', roles: ['general'], profileImageUrl: null, provider: 'password', registeredAt: '2026-01-01T00:00:00.000Z' }),
      recorded('UserProfileChanged', { userId: 'u1', email: 'aroha@b.nz', firstName: 'Aroha', lastName: 'Smith', changedAt: '2026-01-02T00:00:00.000Z' }),
      recorded('UserRolesChanged', { userId: 'u1', roles: ['general', 'mortgage_broker'], changedBy: 'admin', changedAt: '2026-01-03T00:00:00.000Z' }),
    ];
    await applyBatch(store, usersProjector, events, 'users', (c) => c);
    expect(await findUser(store, 'u1')).toEqual({
      _id: 'u1',
      email: 'aroha@b.nz',
      firstName: 'Aroha',
      lastName: 'Smith',
      roles: ['general', 'mortgage_broker'],
      profileImageUrl: null,
      nameKey: 'aroha smith',
      surnameKey: 'smith aroha',
      createdAt: '2026-01-01T00:00:00.000Z',
      updatedAt: '2026-01-03T00:00:00.000Z',
      _lastPosition: events[2]!.position,
    });
    expect(await store.getCheckpoint('users')).toBe(events[2]!.position);
    expect((await store.collection('users').findOne({ _id: 'u1' }))?._lastPosition).toBe(events[2]!.position);
    expect(await pageUsers(store, { skip: 0, limit: 10 })).toMatchObject({ total: 1, items: [{ _id: 'u1' }] });
  });
});

describe('pageUsers', () => {
  const register = (userId: string, firstName: string, lastName: string, email: string, registeredAt: string) =>
    recorded('UserRegistered', { userId, email, firstName, lastName, roles: ['general'], profileImageUrl: null, provider: 'password', registeredAt });

  async function storeWith() {
    const store = await projectedStore([usersProjector]);
    const events = [
      register('u1', 'Aroha', 'Ngata', 'aroha@example.nz', '2026-01-01T00:00:00.000Z'),
      register('u2', 'Rēwi', 'Parata', 'rewi@example.nz', '2026-01-02T00:00:00.000Z'),
      register('u3', 'Mere', 'Aroha-Smith', 'mere@example.nz', '2026-01-03T00:00:00.000Z'),
      // Two in the same millisecond: `_id` orders them, the later id first.
      register('u4', 'Nikau', 'Ngata', 'nikau@example.nz', '2026-01-04T00:00:00.000Z'),
      register('u5', 'Tama', 'Wiremu', 'aroha.tama@example.nz', '2026-01-04T00:00:00.000Z'),
    ];
    await applyBatch(store, usersProjector, events, 'users', (c) => c);
    return store;
  }
  const ids = (page: { items: { _id: string }[] }) => page.items.map((u) => u._id);

  it('pages newest first, ties broken by id, and counts the whole list', async () => {
    const store = await storeWith();
    const first = await pageUsers(store, { skip: 0, limit: 2 });
    expect(first.total).toBe(5);
    expect(ids(first)).toEqual(['u5', 'u4']);
    expect(ids(await pageUsers(store, { skip: 2, limit: 2 }))).toEqual(['u3', 'u2']);
    expect(ids(await pageUsers(store, { skip: 4, limit: 2 }))).toEqual(['u1']);
    expect(await pageUsers(store, { skip: 10, limit: 2 })).toEqual({ items: [], total: 5 });
  });

  it('finds a prefix of the first or last name, the full name in either order, or the email, ignoring case and accents', async () => {
    const store = await storeWith();
    const search = async (q: string) => ids(await pageUsers(store, { skip: 0, limit: 10 }, q));
    // Aroha Ngata by first name, Mere Aroha-Smith by last name, Tama Wiremu by email; each once.
    expect(await search('aroha')).toEqual(['u5', 'u3', 'u1']);
    expect(await search('NGATA')).toEqual(['u4', 'u1']);
    expect(await search('ngata aro')).toEqual(['u1']);
    expect(await search('rewi p')).toEqual(['u2']);
    expect(await search('Rēwi')).toEqual(['u2']);
    expect(await search('mere@example')).toEqual(['u3']);
    // A prefix of the words, not any substring.
    expect(await search('roha')).toEqual([]);
    const paged = await pageUsers(store, { skip: 1, limit: 1 }, 'aroha');
    expect(paged.total).toBe(3);
    expect(ids(paged)).toEqual(['u3']);
  });
});
