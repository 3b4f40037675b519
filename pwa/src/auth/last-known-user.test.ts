import type { User } from '@kainga/contracts';
import { describe, expect, it } from 'vitest';
import { LAST_KNOWN_USER_KEY, lastKnownUser, rememberUser } from './last-known-user';

function memoryStorage() {
  const items = new Map<string, string>();
  return {
    items,
    getItem: (k: string) => items.get(k) ?? null,
    setItem: (k: string, v: string) => void items.set(k, v),
    removeItem: (k: string) => void items.delete(k),
  };
}

const aroha: User = {
  id: 'u1',
  email: 'aroha@example.nz',
  firstName: 'Aroha',
  lastName: 'Ngata',
  roles: ['general'],
  profileImageUrl: null,
  createdAt: '2026-01-02T03:04:05.000Z',
};

describe('last known user', () => {
  it('keeps the record the server confirmed and reads it back', () => {
    const storage = memoryStorage();
    rememberUser(aroha, storage);
    expect(lastKnownUser(storage)).toEqual(aroha);
  });

  it('keeps only the record\'s known fields', () => {
    const storage = memoryStorage();
    rememberUser({ ...aroha, sessionToken: 'never stored' } as User, storage);
    expect(storage.items.get(LAST_KNOWN_USER_KEY)).not.toContain('never stored');
  });

  it('forgets it when the server says signed out (a 401 or sign-out), and another person replaces it', () => {
    const storage = memoryStorage();
    rememberUser(aroha, storage);
    rememberUser({ ...aroha, id: 'u2', firstName: 'Mere' }, storage);
    expect(lastKnownUser(storage)?.firstName).toBe('Mere');
    rememberUser(null, storage);
    expect(lastKnownUser(storage)).toBeNull();
    expect(storage.items.has(LAST_KNOWN_USER_KEY)).toBe(false);
  });

  it('reads a broken or foreign entry as no user, and works without storage', () => {
    const storage = memoryStorage();
    storage.setItem(LAST_KNOWN_USER_KEY, '{not json');
    expect(lastKnownUser(storage)).toBeNull();
    storage.setItem(LAST_KNOWN_USER_KEY, JSON.stringify({ ...aroha, roles: ['superuser'] }));
    expect(lastKnownUser(storage)).toBeNull();
    expect(lastKnownUser(null)).toBeNull();
    expect(() => rememberUser(aroha, null)).not.toThrow();
  });
});
