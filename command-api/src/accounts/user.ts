import type { AdminEmailEvent, ErasedRecords, ErasureEvent, RoleName, UserEvent } from '@kainga/contracts';
import { conflict, forbidden, invalid, notFound, type Decider } from '@kainga/platform';
import { match } from 'ts-pattern';

/** The user aggregate, stream `user-<id>`. */
export const userStream = (userId: string) => `user-${userId}`;

/** Everything a `user-<id>` stream holds. */
export type UserStreamEvent = UserEvent | AdminEmailEvent | ErasureEvent;

/** The latest admin-email link sent to the account (only its hash). */
export type AdminLink = { tokenHash: string; email: string; sentAt: string; expiresAt: string; used: boolean };

export type UserState =
  | { status: 'none' }
  | {
      status: 'registered';
      userId: string;
      email: string;
      firstName: string;
      lastName: string;
      roles: RoleName[];
      profileImageUrl: string | null;
      createdAt: string;
      adminLink: AdminLink | null;
    }
  /** The person was erased: the account takes no command again (its id is never reused). */
  | { status: 'erased'; userId: string };

/** How long an admin-email link works, and how soon another one may be sent while it still works. */
export const ADMIN_LINK_VALID_MS = 60 * 60_000;
export const ADMIN_LINK_RESEND_MS = 10 * 60_000;

export type UserCommand =
  | {
      type: 'RegisterUser';
      userId: string;
      email: string;
      firstName: string;
      lastName: string;
      roles: RoleName[];
      profileImageUrl: string | null;
      provider: 'password' | 'google' | 'github' | 'invitation';
      at: string;
    }
  | { type: 'ChangeProfile'; firstName: string; lastName: string; email: string; at: string }
  | { type: 'ChangeRoles'; roles: RoleName[]; by: string; at: string }
  /** Adds one role, keeping the others (the machine's admin grant). */
  | { type: 'GrantRole'; role: RoleName; by: string; at: string }
  /** Offers admin to an account whose email is listed in ADMIN_EMAILS: a link goes to that address. */
  | { type: 'SendAdminEmailLink'; adminEmails: readonly string[]; tokenHash: string; at: string }
  /** Proof of the address: the link's token (its hash), or a provider's verified email. */
  | { type: 'VerifyAdminEmail'; adminEmails: readonly string[]; at: string; proof: { via: 'link'; tokenHash: string } | { via: 'google' | 'github'; email: string } }
  /** Erases the person (personal-data/erase-person.ts gathered what was theirs). */
  | { type: 'EraseUser'; requestedBy: 'self' | 'admin'; by: string; reason: string | null; records: ErasedRecords; persons: string[]; scopes: string[]; at: string };

const sameSet = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((x) => b.includes(x));

export const userDecider: Decider<UserState, UserCommand, UserStreamEvent> = {
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
        adminLink: null,
      }))
      .with({ type: 'UserProfileChanged' }, ({ data }): UserState =>
        state.status === 'registered' ? { ...state, firstName: data.firstName, lastName: data.lastName, email: data.email } : state,
      )
      .with({ type: 'UserRolesChanged' }, ({ data }): UserState => (state.status === 'registered' ? { ...state, roles: data.roles } : state))
      .with({ type: 'AdminEmailLinkSent' }, ({ data }): UserState =>
        state.status === 'registered' ? { ...state, adminLink: { tokenHash: data.tokenHash, email: data.email, sentAt: data.sentAt, expiresAt: data.expiresAt, used: false } } : state,
      )
      .with({ type: 'AdminEmailVerified' }, ({ data }): UserState =>
        state.status === 'registered' && data.via === 'link' && state.adminLink ? { ...state, adminLink: { ...state.adminLink, used: true } } : state,
      )
      .with({ type: 'PersonErased' }, ({ data }): UserState => ({ status: 'erased', userId: data.userId }))
      .exhaustive(),

  decide: (command, state) =>
    match(command)
      .with({ type: 'RegisterUser' }, (c): UserStreamEvent[] => {
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
      .with({ type: 'ChangeProfile' }, (c): UserStreamEvent[] => {
        if (state.status !== 'registered') throw notFound('User not found.');
        if (state.firstName === c.firstName && state.lastName === c.lastName && state.email === c.email) return [];
        return [{ type: 'UserProfileChanged', data: { userId: state.userId, firstName: c.firstName, lastName: c.lastName, email: c.email, changedAt: c.at } }];
      })
      .with({ type: 'ChangeRoles' }, (c): UserStreamEvent[] => {
        if (state.status !== 'registered') throw notFound('User not found.');
        const roles = [...new Set(c.roles)];
        if (roles.length === 0) throw invalid('A user must hold at least one role.');
        if (sameSet(roles, state.roles)) return [];
        return [{ type: 'UserRolesChanged', data: { userId: state.userId, roles, changedBy: c.by, changedAt: c.at } }];
      })
      .with({ type: 'GrantRole' }, (c): UserStreamEvent[] => {
        if (state.status !== 'registered') throw notFound('User not found.');
        if (state.roles.includes(c.role)) return [];
        return [{ type: 'UserRolesChanged', data: { userId: state.userId, roles: [...state.roles, c.role], changedBy: c.by, changedAt: c.at } }];
      })
      .with({ type: 'SendAdminEmailLink' }, (c): UserStreamEvent[] => {
        if (state.status !== 'registered') throw notFound('User not found.');
        if (state.roles.includes('admin') || !c.adminEmails.includes(state.email.toLowerCase())) return [];
        const link = state.adminLink;
        const recent = link && !link.used && link.email === state.email && Date.parse(c.at) - Date.parse(link.sentAt) < ADMIN_LINK_RESEND_MS;
        if (recent) return [];
        const expiresAt = new Date(Date.parse(c.at) + ADMIN_LINK_VALID_MS).toISOString();
        return [{ type: 'AdminEmailLinkSent', data: { userId: state.userId, email: state.email, tokenHash: c.tokenHash, sentAt: c.at, expiresAt } }];
      })
      .with({ type: 'VerifyAdminEmail' }, (c): UserStreamEvent[] => {
        if (state.status !== 'registered') throw notFound('User not found.');
        const { proof } = c;
        if (proof.via === 'link') {
          const link = state.adminLink;
          if (!link || link.tokenHash !== proof.tokenHash) throw invalid('This link is not valid for the account you are signed in with.');
          if (link.used) throw invalid('This link has already been used.');
          if (Date.parse(c.at) >= Date.parse(link.expiresAt)) throw invalid('This link has expired. Sign in again to get a new one.');
          if (link.email !== state.email) throw invalid('This link was sent to an address the account no longer uses.');
        } else if (proof.email !== state.email) {
          return [];
        }
        if (!c.adminEmails.includes(state.email.toLowerCase())) {
          if (proof.via === 'link') throw forbidden('This address is no longer listed as an admin address.');
          return [];
        }
        if (state.roles.includes('admin') && proof.via !== 'link') return [];
        const verified: UserStreamEvent = { type: 'AdminEmailVerified', data: { userId: state.userId, email: state.email, via: proof.via, verifiedAt: c.at } };
        if (state.roles.includes('admin')) return [verified];
        return [verified, { type: 'UserRolesChanged', data: { userId: state.userId, roles: [...state.roles, 'admin'], changedBy: `system:admin-email:${proof.via}`, changedAt: c.at } }];
      })
      .with({ type: 'EraseUser' }, (c): UserStreamEvent[] => {
        if (state.status !== 'registered') throw notFound('User not found.');
        const { requestedBy, by, reason, records, persons, scopes, at } = c;
        return [{ type: 'PersonErased', data: { userId: state.userId, requestedBy, by, reason, records, persons, scopes, at } }];
      })
      .exhaustive(),
};
