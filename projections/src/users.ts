import type { RoleName, UserDoc, UserEvent } from '@kainga/contracts';
import type { CollectionWrite, Projector, ReadStore, RecordedEvent } from '@kainga/platform';
import { accountEventTypes } from '@kainga/contracts';
import { match } from 'ts-pattern';

/** The `users` read model: one document per account, for the user endpoint and the admin list. */
export const USERS = 'users';

export const usersProjector: Projector = {
  name: 'users',
  collections: [USERS],
  filter: { eventTypes: accountEventTypes, streamPrefixes: ['user-'] },
  // listUsers: the admin's paged list, oldest first.
  indexes: { [USERS]: [{ keys: { createdAt: 1, _id: 1 } }] },
  project(event: RecordedEvent): CollectionWrite[] {
    const e = { type: event.type, data: event.data } as UserEvent;
    return match(e)
      .with({ type: 'UserRegistered' }, ({ data }) => [
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
                updatedAt: data.registeredAt,
              },
            },
            upsert: true,
          },
        } satisfies CollectionWrite,
      ])
      .with({ type: 'UserProfileChanged' }, ({ data }) => [
        {
          collection: USERS,
          updateOne: {
            filter: { _id: data.userId },
            update: { $set: { firstName: data.firstName, lastName: data.lastName, email: data.email, updatedAt: data.changedAt } },
          },
        } satisfies CollectionWrite,
      ])
      .with({ type: 'UserRolesChanged' }, ({ data }) => [
        { collection: USERS, updateOne: { filter: { _id: data.userId }, update: { $set: { roles: data.roles, updatedAt: data.changedAt } } } } satisfies CollectionWrite,
      ])
      .exhaustive();
  },
};

const publicFields = { _lastPosition: 0 } as const;

/** By `_id` alone, which both stores answer from their primary index (callers pick the fields they need). */
export function findUser(store: ReadStore, userId: string): Promise<UserDoc | null> {
  return store.collection<UserDoc>(USERS).findOne({ _id: userId });
}

export function listUsers(store: ReadStore, options: { skip?: number; limit?: number } = {}): Promise<UserDoc[]> {
  return store.collection<UserDoc>(USERS).find({}, { sort: { createdAt: 1, _id: 1 }, skip: options.skip, limit: options.limit, projection: publicFields });
}

export function countUsers(store: ReadStore): Promise<number> {
  return store.collection(USERS).count();
}

export type { RoleName };
