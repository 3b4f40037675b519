import type { UserEvent } from '@kainga/contracts';
import { deciderSpec } from '@kainga/platform/testing';
import { describe, it } from 'vitest';
import { ADMIN_LINK_RESEND_MS, ADMIN_LINK_VALID_MS, userDecider, type UserStreamEvent } from './user';

/** Admin by configuration (ADMIN_EMAILS) only on proof of the address: the user decider's rules. */
const at = '2026-11-22T00:00:00.000Z';
const plus = (ms: number) => new Date(Date.parse(at) + ms).toISOString();
const adminEmails = ['boss@example.nz'];
const registered: UserEvent = {
  type: 'UserRegistered',
  data: { userId: 'u1', email: 'boss@example.nz', firstName: 'Mere', lastName: 'Boss', roles: ['general'], profileImageUrl: null, provider: 'password', registeredAt: at },
};
const linkSent: UserStreamEvent = { type: 'AdminEmailLinkSent', data: { userId: 'u1', email: 'boss@example.nz', tokenHash: 'h1', sentAt: at, expiresAt: plus(ADMIN_LINK_VALID_MS) } };
const byLink = (tokenHash: string, when = at) => ({ type: 'VerifyAdminEmail' as const, adminEmails, at: when, proof: { via: 'link' as const, tokenHash } });
const spec = deciderSpec(userDecider);

describe('admin by email: the link', () => {
  it('sends a link to a listed address of an account that is not admin yet', () =>
    spec.given([registered]).when({ type: 'SendAdminEmailLink', adminEmails, tokenHash: 'h1', at }).then([linkSent]));

  it('sends nothing for an address that is not listed, or to an admin', () => {
    spec.given([registered]).when({ type: 'SendAdminEmailLink', adminEmails: ['other@example.nz'], tokenHash: 'h1', at }).thenNothingHappens();
    spec
      .given([registered, { type: 'UserRolesChanged', data: { userId: 'u1', roles: ['general', 'admin'], changedBy: 'system', changedAt: at } }])
      .when({ type: 'SendAdminEmailLink', adminEmails, tokenHash: 'h1', at })
      .thenNothingHappens();
  });

  it('sends no second link while a recent one still works, and a fresh one after that', () => {
    spec.given([registered, linkSent]).when({ type: 'SendAdminEmailLink', adminEmails, tokenHash: 'h2', at: plus(ADMIN_LINK_RESEND_MS - 1) }).thenNothingHappens();
    spec
      .given([registered, linkSent])
      .when({ type: 'SendAdminEmailLink', adminEmails, tokenHash: 'h2', at: plus(ADMIN_LINK_RESEND_MS) })
      .then([{ type: 'AdminEmailLinkSent', data: { userId: 'u1', email: 'boss@example.nz', tokenHash: 'h2', sentAt: plus(ADMIN_LINK_RESEND_MS), expiresAt: plus(ADMIN_LINK_RESEND_MS + ADMIN_LINK_VALID_MS) } }]);
  });

  it('grants admin for the right link, recording the proof and the role change', () =>
    spec
      .given([registered, linkSent])
      .when(byLink('h1', plus(60_000)))
      .then([
        { type: 'AdminEmailVerified', data: { userId: 'u1', email: 'boss@example.nz', via: 'link', verifiedAt: plus(60_000) } },
        { type: 'UserRolesChanged', data: { userId: 'u1', roles: ['general', 'admin'], changedBy: 'system:admin-email:link', changedAt: plus(60_000) } },
      ]));

  it('refuses a wrong, used or expired link', () => {
    spec.given([registered, linkSent]).when(byLink('other')).thenRefuses('invalid', /not valid/);
    spec.given([registered]).when(byLink('h1')).thenRefuses('invalid', /not valid/);
    spec
      .given([registered, linkSent, { type: 'AdminEmailVerified', data: { userId: 'u1', email: 'boss@example.nz', via: 'link', verifiedAt: at } }])
      .when(byLink('h1'))
      .thenRefuses('invalid', /already been used/);
    spec.given([registered, linkSent]).when(byLink('h1', plus(ADMIN_LINK_VALID_MS))).thenRefuses('invalid', /expired/);
  });

  it('refuses a link once the account has moved to another email address', () => {
    const away: UserStreamEvent = { type: 'UserProfileChanged', data: { userId: 'u1', firstName: 'Mere', lastName: 'Boss', email: 'mere@example.nz', changedAt: at } };
    spec.given([registered, linkSent, away]).when(byLink('h1')).thenRefuses('invalid', /no longer uses/);
  });

  it('refuses a link to an address taken off the list since', () =>
    spec
      .given([registered, linkSent])
      .when({ ...byLink('h1'), adminEmails: [] })
      .thenRefuses('forbidden', /no longer listed/));
});

describe('the machine’s admin grant', () => {
  it('adds the admin role to the roles held', () =>
    spec
      .given([registered])
      .when({ type: 'GrantRole', role: 'admin', by: 'system', at })
      .then([{ type: 'UserRolesChanged', data: { userId: 'u1', roles: ['general', 'admin'], changedBy: 'system', changedAt: at } }]));
  it('records nothing for an admin already', () =>
    spec
      .given([registered, { type: 'UserRolesChanged', data: { userId: 'u1', roles: ['admin'], changedBy: 'system', changedAt: at } }])
      .when({ type: 'GrantRole', role: 'admin', by: 'system', at })
      .thenNothingHappens());
  it('refuses an account that does not exist', () => spec.given([]).when({ type: 'GrantRole', role: 'admin', by: 'system', at }).thenRefuses('not_found'));
});

describe('admin by email: a provider’s verified email', () => {
  const byGoogle = (email: string, list = adminEmails) => ({ type: 'VerifyAdminEmail' as const, adminEmails: list, at, proof: { via: 'google' as const, email } });
  it('grants admin when the verified email is the account’s listed address', () =>
    spec
      .given([registered])
      .when(byGoogle('boss@example.nz'))
      .then([
        { type: 'AdminEmailVerified', data: { userId: 'u1', email: 'boss@example.nz', via: 'google', verifiedAt: at } },
        { type: 'UserRolesChanged', data: { userId: 'u1', roles: ['general', 'admin'], changedBy: 'system:admin-email:google', changedAt: at } },
      ]));
  it('does nothing for an unlisted or another address', () => {
    spec.given([registered]).when(byGoogle('boss@example.nz', [])).thenNothingHappens();
    spec.given([registered]).when(byGoogle('someone@example.nz')).thenNothingHappens();
  });
});
