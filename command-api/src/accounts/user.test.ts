import type { UserEvent } from '@kainga/contracts';
import { deciderSpec } from '@kainga/platform/testing';
import { describe, it } from 'vitest';
import { userDecider } from './user';

const at = '2026-11-22T00:00:00.000Z';
const registered: UserEvent = {
  type: 'UserRegistered',
  data: { userId: 'u1', email: 'aroha@example.nz', firstName: 'Aroha', lastName: 'Ngata', roles: ['general'], profileImageUrl: null, provider: 'password', registeredAt: at },
};
const spec = deciderSpec(userDecider);

describe('user decider', () => {
  it('registers a new account', () =>
    spec
      .given([])
      .when({ type: 'RegisterUser', userId: 'u1', email: 'aroha@example.nz', firstName: 'Aroha', lastName: 'Ngata', roles: ['general'], profileImageUrl: null, provider: 'password', at })
      .then([registered]));

  it('refuses to register the same account twice', () =>
    spec
      .given([registered])
      .when({ type: 'RegisterUser', userId: 'u1', email: 'x@example.nz', firstName: 'X', lastName: 'Y', roles: ['general'], profileImageUrl: null, provider: 'password', at })
      .thenRefuses('conflict'));

  it('changes the profile', () =>
    spec
      .given([registered])
      .when({ type: 'ChangeProfile', firstName: 'Aroha', lastName: 'Smith', email: 'aroha@example.nz', at })
      .then([{ type: 'UserProfileChanged', data: { userId: 'u1', firstName: 'Aroha', lastName: 'Smith', email: 'aroha@example.nz', changedAt: at } }]));

  it('records nothing when the profile is unchanged', () =>
    spec.given([registered]).when({ type: 'ChangeProfile', firstName: 'Aroha', lastName: 'Ngata', email: 'aroha@example.nz', at }).thenNothingHappens());

  it('refuses a profile change of an unknown user', () =>
    spec.given([]).when({ type: 'ChangeProfile', firstName: 'A', lastName: 'B', email: 'a@b.nz', at }).thenRefuses('not_found'));

  it('changes roles, without duplicates', () =>
    spec
      .given([registered])
      .when({ type: 'ChangeRoles', roles: ['general', 'registered_valuer', 'general'], by: 'admin-1', at })
      .then([{ type: 'UserRolesChanged', data: { userId: 'u1', roles: ['general', 'registered_valuer'], changedBy: 'admin-1', changedAt: at } }]));

  it('records nothing when the roles are the same set', () =>
    spec
      .given([registered, { type: 'UserRolesChanged', data: { userId: 'u1', roles: ['admin', 'general'], changedBy: 'a', changedAt: at } }])
      .when({ type: 'ChangeRoles', roles: ['general', 'admin'], by: 'admin-1', at })
      .thenNothingHappens());

  it('refuses an empty role list', () => spec.given([registered]).when({ type: 'ChangeRoles', roles: [], by: 'admin-1', at }).thenRefuses('invalid', /at least one role/));
});
