import type { AccountInvitationEvent } from '@kainga/contracts';
import { deciderSpec } from '@kainga/platform/testing';
import { describe, it } from 'vitest';
import { invitationDecider } from './invitation';

const at = '2026-11-23T00:00:00.000Z';
const sent: AccountInvitationEvent = { type: 'AccountInvitationSent', data: { tokenHash: 'h1', userId: 'u1', sentBy: 'admin1', sentAt: at, expiresAt: '2026-11-30T00:00:00.000Z' } };
const spec = deciderSpec(invitationDecider);

describe('account invitation decider', () => {
  it('sends an invitation that works for 7 days', () => spec.given([]).when({ type: 'SendInvitation', tokenHash: 'h1', userId: 'u1', by: 'admin1', at }).then([sent]));

  it('is accepted once, within its 7 days', () => {
    spec.given([sent]).when({ type: 'AcceptInvitation', at: '2026-11-29T23:59:59.000Z' }).then([{ type: 'AccountInvitationAccepted', data: { tokenHash: 'h1', userId: 'u1', acceptedAt: '2026-11-29T23:59:59.000Z' } }]);
    const accepted: AccountInvitationEvent = { type: 'AccountInvitationAccepted', data: { tokenHash: 'h1', userId: 'u1', acceptedAt: at } };
    spec.given([sent, accepted]).when({ type: 'AcceptInvitation', at }).thenRefuses('invalid', /already been used/);
  });

  it('refuses an expired or unknown link', () => {
    spec.given([sent]).when({ type: 'AcceptInvitation', at: '2026-11-30T00:00:00.000Z' }).thenRefuses('invalid', /^This invitation link has expired\. Ask an administrator to send a new one\.$/);
    spec.given([]).when({ type: 'AcceptInvitation', at }).thenRefuses('invalid', /^This invitation link is not valid\.$/);
  });

  it('never sends the same token twice', () => spec.given([sent]).when({ type: 'SendInvitation', tokenHash: 'h1', userId: 'u2', by: 'admin1', at }).thenRefuses('conflict'));
});
