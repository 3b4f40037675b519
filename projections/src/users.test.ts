import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { EmbeddedReadStore, applyBatch, type RecordedEvent } from '@kainga/platform';
import { describe, expect, it } from 'vitest';
import { findUser, listUsers, usersProjector } from './users';

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
    const store = new EmbeddedReadStore(join(mkdtempSync(join(tmpdir(), 'proj-')), 'r.sqlite'));
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
      createdAt: '2026-01-01T00:00:00.000Z',
      updatedAt: '2026-01-03T00:00:00.000Z',
      _lastPosition: events[2]!.position,
    });
    expect(await store.getCheckpoint('users')).toBe(events[2]!.position);
    expect((await store.collection('users').findOne({ _id: 'u1' }))?._lastPosition).toBe(events[2]!.position);
    expect(await listUsers(store)).toHaveLength(1);
  });
});
