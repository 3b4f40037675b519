import type { RoleName, UserEvent } from '@kainga/contracts';
import { conflict, invalid, notFound, type Decider } from '@kainga/platform';
import { match } from 'ts-pattern';

/** The user aggregate, stream `user-<id>`. */
export const userStream = (userId: string) => `user-${userId}`;

export type UserState =
  | { status: 'none' }
  | { status: 'registered'; userId: string; email: string; firstName: string; lastName: string; roles: RoleName[]; profileImageUrl: string | null; createdAt: string };

export type UserCommand =
  | {
      type: 'RegisterUser';
      userId: string;
      email: string;
      firstName: string;
      lastName: string;
      roles: RoleName[];
      profileImageUrl: string | null;
      provider: 'password' | 'google' | 'github';
      at: string;
    }
  | { type: 'ChangeProfile'; firstName: string; lastName: string; email: string; at: string }
  | { type: 'ChangeRoles'; roles: RoleName[]; by: string; at: string };

const sameSet = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((x) => b.includes(x));

export const userDecider: Decider<UserState, UserCommand, UserEvent> = {
  initialState: () => ({ status: 'none' }),

  evolve: (state, event) =>
    match(event)
      .with({ type: 'UserRegistered' }, ({ data }): UserState => ({
        status: 'registered',
        userId: data.userId,
        email: data.email,
        firstName: data.firstName,
        lastName: data.lastName,
        roles: data.roles,
        profileImageUrl: data.profileImageUrl,
        createdAt: data.registeredAt,
      }))
      .with({ type: 'UserProfileChanged' }, ({ data }): UserState =>
        state.status === 'registered' ? { ...state, firstName: data.firstName, lastName: data.lastName, email: data.email } : state,
      )
      .with({ type: 'UserRolesChanged' }, ({ data }): UserState => (state.status === 'registered' ? { ...state, roles: data.roles } : state))
      .exhaustive(),

  decide: (command, state) =>
    match(command)
      .with({ type: 'RegisterUser' }, (c): UserEvent[] => {
        if (state.status === 'registered') throw conflict('This account already exists.');
        return [
          {
            type: 'UserRegistered',
            data: {
              userId: c.userId,
              email: c.email,
              firstName: c.firstName,
              lastName: c.lastName,
              roles: c.roles,
              profileImageUrl: c.profileImageUrl,
              provider: c.provider,
              registeredAt: c.at,
            },
          },
        ];
      })
      .with({ type: 'ChangeProfile' }, (c): UserEvent[] => {
        if (state.status !== 'registered') throw notFound('User not found.');
        if (state.firstName === c.firstName && state.lastName === c.lastName && state.email === c.email) return [];
        return [{ type: 'UserProfileChanged', data: { userId: state.userId, firstName: c.firstName, lastName: c.lastName, email: c.email, changedAt: c.at } }];
      })
      .with({ type: 'ChangeRoles' }, (c): UserEvent[] => {
        if (state.status !== 'registered') throw notFound('User not found.');
        const roles = [...new Set(c.roles)];
        if (roles.length === 0) throw invalid('A user must hold at least one role.');
        if (sameSet(roles, state.roles)) return [];
        return [{ type: 'UserRolesChanged', data: { userId: state.userId, roles, changedBy: c.by, changedAt: c.at } }];
      })
      .exhaustive(),
};
