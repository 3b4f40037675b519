import type { AccountInvitationEvent } from '@kainga/contracts';
import { conflict, invalid, type Decider } from '@kainga/platform';
import { match } from 'ts-pattern';

/** An invitation to set a password, stream `accountInvitation-<sha256 of the token>`. */
export const invitationStream = (tokenHash: string) => `accountInvitation-${tokenHash}`;

/** How long an invitation link works. */
export const INVITATION_VALID_MS = 7 * 24 * 60 * 60_000;

export type InvitationState = { status: 'none' } | { status: 'sent' | 'accepted'; tokenHash: string; userId: string; expiresAt: string };

export type InvitationCommand =
  | { type: 'SendInvitation'; tokenHash: string; userId: string; by: string; at: string }
  | { type: 'AcceptInvitation'; at: string };

export const INVITATION_NOT_VALID = 'This invitation link is not valid.';
export const INVITATION_EXPIRED = 'This invitation link has expired. Ask an administrator to send a new one.';
export const INVITATION_USED = 'This invitation link has already been used. Sign in with your email and password.';

/** The invitation a link may still use at `at`, or the reason it may not (400 each). */
export function usableInvitation(state: InvitationState, at: string) {
  if (state.status === 'none') throw invalid(INVITATION_NOT_VALID);
  if (state.status === 'accepted') throw invalid(INVITATION_USED);
  if (Date.parse(at) >= Date.parse(state.expiresAt)) throw invalid(INVITATION_EXPIRED);
  return state;
}

export const invitationDecider: Decider<InvitationState, InvitationCommand, AccountInvitationEvent> = {
  initialState: () => ({ status: 'none' }),

  evolve: (state, event) =>
    match(event)
      .with({ type: 'AccountInvitationSent' }, ({ data }): InvitationState => ({ status: 'sent', tokenHash: data.tokenHash, userId: data.userId, expiresAt: data.expiresAt }))
      .with({ type: 'AccountInvitationAccepted' }, (): InvitationState => (state.status === 'none' ? state : { ...state, status: 'accepted' }))
      .exhaustive(),

  decide: (command, state) =>
    match(command)
      .with({ type: 'SendInvitation' }, (c): AccountInvitationEvent[] => {
        // A token is drawn at random for each invitation: one already on record is a bug, not a retry.
        if (state.status !== 'none') throw conflict('This invitation already exists.');
        const expiresAt = new Date(Date.parse(c.at) + INVITATION_VALID_MS).toISOString();
        return [{ type: 'AccountInvitationSent', data: { tokenHash: c.tokenHash, userId: c.userId, sentBy: c.by, sentAt: c.at, expiresAt } }];
      })
      .with({ type: 'AcceptInvitation' }, (c): AccountInvitationEvent[] => {
        const invitation = usableInvitation(state, c.at);
        return [{ type: 'AccountInvitationAccepted', data: { tokenHash: invitation.tokenHash, userId: invitation.userId, acceptedAt: c.at } }];
      })
      .exhaustive(),
};
