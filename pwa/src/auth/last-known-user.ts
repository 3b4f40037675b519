/**
 * The last user the server confirmed, kept so that a signed-in person stays signed in on screen
 * while the network is gone (consumer spec §4: only a 401 means "no user"; a network failure is
 * not one). Offline, a reload cannot ask GET /api/auth/user, so the copy kept here stands in.
 *
 * What is kept: the user record the header and profile show (id, names, email, roles, picture,
 * creation date). It holds no secret and grants nothing: the session cookie stays HttpOnly, and
 * every request is still checked by the server. Roles read from it only choose what to show.
 *
 * When it goes (private-cache.ts calls {@link rememberUser} whenever the server answers the user
 * call): a real 401 or a start without the signed-in hint (sign-out clears that cookie) removes
 * it; another person replaces it. A network failure changes nothing.
 */
import type { User } from '@kainga/contracts';
import { roleNames } from '@kainga/contracts/browser';

export const LAST_KNOWN_USER_KEY = 'kainga.auth.lastKnownUser';

type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

function defaultStorage(): KeyValueStorage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null; // storage blocked: nothing is kept, offline reads as signed out
  }
}

/** Only the record's known fields, so nothing the server may add later is kept unseen. */
const keptFields = (u: User): User => ({
  id: u.id,
  email: u.email,
  firstName: u.firstName,
  lastName: u.lastName,
  roles: u.roles,
  profileImageUrl: u.profileImageUrl,
  createdAt: u.createdAt,
});

/** A structural check of a stored copy (the web app's bundle carries no zod). */
function isUserRecord(value: unknown): value is User {
  if (!value || typeof value !== 'object') return false;
  const v = value as Record<string, unknown>;
  const text = (k: string) => typeof v[k] === 'string';
  return (
    text('id') && text('email') && text('firstName') && text('lastName') && text('createdAt') &&
    (v.profileImageUrl === null || text('profileImageUrl')) &&
    Array.isArray(v.roles) && v.roles.every((r) => (roleNames as readonly unknown[]).includes(r))
  );
}

/** Records the server's answer: the user, or null (signed out) to forget the copy. */
export function rememberUser(user: User | null, storage: KeyValueStorage | null = defaultStorage()): void {
  if (!storage) return;
  try {
    if (user === null) storage.removeItem(LAST_KNOWN_USER_KEY);
    else storage.setItem(LAST_KNOWN_USER_KEY, JSON.stringify(keptFields(user)));
  } catch {
    // full or blocked storage: the copy is only not kept
  }
}

/** The kept copy, or null when there is none or it is not a valid user record. */
export function lastKnownUser(storage: KeyValueStorage | null = defaultStorage()): User | null {
  if (!storage) return null;
  try {
    const raw = storage.getItem(LAST_KNOWN_USER_KEY);
    if (raw === null) return null;
    const parsed: unknown = JSON.parse(raw);
    return isUserRecord(parsed) ? keptFields(parsed) : null;
  } catch {
    return null;
  }
}
