import type { ErasureEvent, RoleName, UserDoc, UserEvent } from '@kainga/contracts';
import { byEventType, type Projector, type ReadStore } from '@kainga/platform';
import { accountEventTypes } from '@kainga/contracts';
import { pageOf, pageOfMatches, type Page, type PageWindow } from './paged-read';
import { searchKey, startsWith } from './search-key';
import { withPersonErased } from './person-erased';

/** The `users` read model: one document per account, for the user endpoint and the admin list. */
export const USERS = 'users';

export const usersProjector: Projector = {
  name: 'users',
  // 2: the search keys of the admin lists. 3: an erased person's account is gone (PersonErased).
  version: 3,
  collections: [USERS],
  filter: withPersonErased({ eventTypes: accountEventTypes, streamPrefixes: ['user-'] }),
  // pageUsers: the admin's list, newest first (this index walked backwards); its search by a
  // prefix of the name (first last, or last first) or of the email.
  indexes: { [USERS]: [{ keys: { createdAt: 1, _id: 1 } }, { keys: { nameKey: 1 } }, { keys: { surnameKey: 1 } }, { keys: { email: 1 } }] },
  project: byEventType<UserEvent | ErasureEvent>({
    UserRegistered: (data) => [
      {
        collection: USERS,
        updateOne: {
          filter: { _id: data.userId },
          update: {
            $setOnInsert: { createdAt: data.registeredAt },
            $set: {
              email: data.email,
              firstName: data.firstName,
              lastName: data.lastName,
              roles: data.roles,
              profileImageUrl: data.profileImageUrl,
              ...nameKeys(data.firstName, data.lastName),
              updatedAt: data.registeredAt,
            },
          },
          upsert: true,
        },
      },
    ],
    UserProfileChanged: (data) => [
      {
        collection: USERS,
        updateOne: {
          filter: { _id: data.userId },
          update: { $set: { firstName: data.firstName, lastName: data.lastName, email: data.email, ...nameKeys(data.firstName, data.lastName), updatedAt: data.changedAt } },
        },
      },
    ],
    UserRolesChanged: (data) => [{ collection: USERS, updateOne: { filter: { _id: data.userId }, update: { $set: { roles: data.roles, updatedAt: data.changedAt } } } }],
    // The account is gone: its name, email and picture with it (the admin's count drops by one; `activity` keeps the registration).
    PersonErased: (data) => [{ collection: USERS, deleteOne: { filter: { _id: data.userId } } }],
  }),
};

/**
 * The name as the admin's search finds it (search-key.ts): "first last" and "last first", so a
 * search for either name, or for the full name in either order, is a prefix of one of them.
 */
function nameKeys(firstName: string, lastName: string) {
  return { nameKey: searchKey(`${firstName} ${lastName}`), surnameKey: searchKey(`${lastName} ${firstName}`) };
}

/** By `_id` alone, which both stores answer from their primary index (callers pick the fields they need). */
export function findUser(store: ReadStore, userId: string): Promise<UserDoc | null> {
  return store.collection<UserDoc>(USERS).findOne({ _id: userId });
}

/** Newest first; `_id` orders accounts registered in the same millisecond. */
const NEWEST_FIRST = { createdAt: -1, _id: -1 } as const;

/**
 * A page of the admin's user list, newest first, and how many users it holds. With `search`,
 * only the users whose name ("first last" or "last first") or email starts with it, ignoring
 * case and accents; each is a range of its own index (see pageOfMatches for the cost).
 */
export function pageUsers(store: ReadStore, window: PageWindow, search?: string): Promise<Page<UserDoc>> {
  const users = store.collection<UserDoc>(USERS);
  if (search === undefined) return pageOf(users, NEWEST_FIRST, window);
  const name = searchKey(search);
  const email = search.trim().toLowerCase();
  const ranges = [...(name ? [{ nameKey: startsWith(name) }, { surnameKey: startsWith(name) }] : []), ...(email ? [{ email: startsWith(email) }] : [])];
  return pageOfMatches(users, ranges, NEWEST_FIRST, window);
}

export function countUsers(store: ReadStore): Promise<number> {
  return store.collection(USERS).count();
}

export type { RoleName };
