import type { InvitationView } from '@kainga/contracts';
import { eventIdFor, handleCommand, invalid, loadAggregate } from '@kainga/platform';
import { randomBytes } from 'node:crypto';
import type { AppDeps } from '../deps';
import { hashPassword } from '../auth/password';
import type { CommandCtx } from './accounts';
import { emailSenderOf, hashToken, publicOrigin } from './admin-email';
import { INVITATION_USED, invitationDecider, invitationStream, usableInvitation } from './invitation';
import { userDecider, userStream } from './user';

/**
 * Accounts an admin created (POST /api/admin/create-partner) have no password: their owner sets
 * one from a mailed link (/set-password?token=…), once, within 7 days. Only the token's SHA-256
 * is recorded. Once the account has a password, every other link to it is spent too, so an old
 * mail can never reset a password.
 */
type InvitationDeps = Pick<AppDeps, 'stores' | 'config' | 'email'>;

/** Records an invitation for the account and mails its link; answers when it was sent. */
export async function inviteAccount(deps: InvitationDeps, userId: string, ctx: CommandCtx, roleLabel: string): Promise<void> {
  const { state: user } = await loadAggregate(deps.stores.eventStore, userDecider, userStream(userId));
  if (user.status !== 'registered') throw invalid('No account to invite.');
  const token = randomBytes(32).toString('base64url');
  const stream = invitationStream(hashToken(token));
  const result = await handleCommand(deps.stores.eventStore, invitationDecider, stream, { type: 'SendInvitation', tokenHash: hashToken(token), userId, by: ctx.metadata.actorId ?? 'system', at: ctx.metadata.occurredAt }, ctx);
  const expiresAt = result.state.status === 'none' ? ctx.metadata.occurredAt : result.state.expiresAt;
  const link = `${publicOrigin(deps.config)}/set-password?token=${token}`;
  await emailSenderOf(deps).send({
    id: eventIdFor(ctx.idempotencyKey, stream, 0),
    to: user.email,
    subject: 'You have been added to Kāinga as a partner',
    text: [
      `Kia ora ${user.firstName},`,
      '',
      `An administrator of Kāinga has added you as a ${roleLabel}. To sign in, choose your password with this link. It works once, for 7 days (until ${new Date(expiresAt).toLocaleString('en-NZ', { dateStyle: 'long', timeStyle: 'short', timeZone: 'Pacific/Auckland' })}):`,
      '',
      link,
      '',
      'If you did not expect this, ignore this email: nothing happens unless the link is opened.',
      '',
      'Kāinga',
    ].join('\n'),
  });
}

async function usable(deps: Pick<AppDeps, 'stores'>, token: string, at: string) {
  const { state } = await loadAggregate(deps.stores.eventStore, invitationDecider, invitationStream(hashToken(token)));
  const invitation = usableInvitation(state, at);
  if ((await deps.stores.credentials.get(invitation.userId)) !== null) throw invalid(INVITATION_USED);
  const { state: user } = await loadAggregate(deps.stores.eventStore, userDecider, userStream(invitation.userId));
  if (user.status !== 'registered') throw invalid(INVITATION_USED);
  return { invitation, user };
}

/** GET /api/auth/invitation: whom a link invites (400 when it is not valid, expired or spent). */
export async function invitationFor(deps: Pick<AppDeps, 'stores'>, token: string, at = new Date().toISOString()): Promise<InvitationView> {
  const { user } = await usable(deps, token, at);
  return { email: user.email, firstName: user.firstName, lastName: user.lastName };
}

/**
 * POST /api/auth/invitation: the link is spent (an event, appended with the expected revision,
 * so two racing uses cannot both pass), then the password is stored. Answers the account id.
 */
export async function acceptInvitation(deps: Pick<AppDeps, 'stores'>, token: string, password: string, ctx: CommandCtx): Promise<string> {
  const { invitation } = await usable(deps, token, ctx.metadata.occurredAt);
  const hash = await hashPassword(password);
  await handleCommand(deps.stores.eventStore, invitationDecider, invitationStream(invitation.tokenHash), { type: 'AcceptInvitation', at: ctx.metadata.occurredAt }, ctx);
  await deps.stores.credentials.put(invitation.userId, hash);
  return invitation.userId;
}
