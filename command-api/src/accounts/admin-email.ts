import type { AdminEmailEvent, RoleName } from '@kainga/contracts';
import { emailSenderFor, eventIdFor, handleCommand, notFound, waitForProjection, type EmailSender } from '@kainga/platform';
import { createHash, randomBytes } from 'node:crypto';
import type { AppDeps } from '../deps';
import { accountIdByEmail, type CommandCtx } from './accounts';
import { userDecider, userStream } from './user';

/**
 * Admin by configuration: an address in ADMIN_EMAILS makes its *proven* owner an admin, once,
 * as a recorded role change. Proof is a one-time link mailed to the address and opened while
 * signed in to the account, or a sign-in provider's verified email. Typing a listed address into
 * a profile proves nothing, and a later email change neither gives nor takes the role.
 */

type AdminEmailDeps = Pick<AppDeps, 'stores' | 'config' | 'email'>;

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** The given sender, else the configured one: SMTP_URL's server, or `.eml` files in DATA_DIR/outbox. */
export function emailSenderOf(deps: Pick<AppDeps, 'config' | 'email'>): EmailSender {
  return deps.email ?? emailSenderFor(deps.config);
}

/**
 * Where links in emails point. Never the request's Host header: a forged Host would send the
 * person's one-time link to someone else's site. PUBLIC_URL, else this machine's own port.
 */
export function publicOrigin(config: AppDeps['config']): string {
  return config.PUBLIC_URL ? new URL(config.PUBLIC_URL).origin : `http://localhost:${config.PORT}`;
}

const settle = (deps: Pick<AppDeps, 'stores'>, position: Parameters<typeof waitForProjection>[2]) => waitForProjection(deps.stores.readStore, 'users', position);

/**
 * Mails a one-time admin link when the account's email is listed and it is not admin yet (at
 * most one every 10 minutes while the last still works). Only the link's hash is recorded.
 */
export async function offerAdminByEmail(deps: AdminEmailDeps, userId: string, ctx: CommandCtx): Promise<boolean> {
  if (deps.config.ADMIN_EMAILS.length === 0) return false;
  const token = randomBytes(32).toString('base64url');
  const key = `${ctx.idempotencyKey}:admin-link`;
  const result = await handleCommand(
    deps.stores.eventStore,
    userDecider,
    userStream(userId),
    { type: 'SendAdminEmailLink', adminEmails: deps.config.ADMIN_EMAILS, tokenHash: hashToken(token), at: ctx.metadata.occurredAt },
    { ...ctx, idempotencyKey: key },
  );
  const sent = result.events.find((e): e is Extract<AdminEmailEvent, { type: 'AdminEmailLinkSent' }> => e.type === 'AdminEmailLinkSent');
  if (!sent || result.alreadyApplied) return false;
  const link = `${publicOrigin(deps.config)}/api/auth/admin-email?token=${token}`;
  await emailSenderOf(deps).send({
    id: eventIdFor(key, userStream(userId), 0),
    to: sent.data.email,
    subject: 'Confirm your Kāinga admin address',
    text: [
      'Kia ora,',
      '',
      `This address is listed as an administrator of Kāinga. To take up the admin role for the account that uses ${sent.data.email}, sign in to that account and open this link within the hour:`,
      '',
      link,
      '',
      'If you did not expect this, ignore it: nothing changes unless the link is opened by someone signed in to that account.',
      '',
      'Kāinga',
    ].join('\n'),
  });
  return true;
}

/** The link was opened by someone signed in to the account: admin for good (a recorded role). */
export async function verifyAdminEmailLink(deps: AdminEmailDeps, userId: string, token: string, ctx: CommandCtx) {
  const result = await handleCommand(
    deps.stores.eventStore,
    userDecider,
    userStream(userId),
    { type: 'VerifyAdminEmail', adminEmails: deps.config.ADMIN_EMAILS, at: ctx.metadata.occurredAt, proof: { via: 'link', tokenHash: hashToken(token) } },
    ctx,
  );
  await settle(deps, result.position);
}

/** A provider vouched for the email (verified at Google or GitHub): proof enough when it is the account's own. */
export async function verifyAdminEmailByProvider(deps: AdminEmailDeps, userId: string, provider: 'google' | 'github', email: string, ctx: CommandCtx) {
  const result = await handleCommand(
    deps.stores.eventStore,
    userDecider,
    userStream(userId),
    { type: 'VerifyAdminEmail', adminEmails: deps.config.ADMIN_EMAILS, at: ctx.metadata.occurredAt, proof: { via: provider, email } },
    { ...ctx, idempotencyKey: `${ctx.idempotencyKey}:admin-${provider}` },
  );
  await settle(deps, result.position);
}

/**
 * The machine's own grant (ops CLI, demo data): the account using `email` gets `role`, recorded
 * with a system actor. Answers whether anything changed. Does not wait for read models, so it
 * also works with no projections running in the process.
 */
export async function grantRole(deps: Pick<AppDeps, 'stores'>, email: string, role: RoleName, ctx: CommandCtx): Promise<{ userId: string; granted: boolean }> {
  const userId = await accountIdByEmail(deps, email);
  if (!userId) throw notFound(`No account uses ${email}.`);
  const result = await handleCommand(deps.stores.eventStore, userDecider, userStream(userId), { type: 'GrantRole', role, by: 'system', at: ctx.metadata.occurredAt }, ctx);
  return { userId, granted: result.events.length > 0 && !result.alreadyApplied };
}
