import type { EventMetadata, RoleName } from '@kainga/contracts';
import { CommandError, handleCommand, loadAggregate, waitForProjection, type Position } from '@kainga/platform';
import { randomUUID } from 'node:crypto';
import type { AppDeps } from '../deps';

/** What account commands need: the stores only. */
type AccountDeps = Pick<AppDeps, 'stores'>;
import { hashPassword } from '../auth/password';
import { emailReservationDecider, emailReservationStream } from './email-reservation';
import { userDecider, userStream } from './user';

/**
 * Account use cases that span streams. Each step is a command on one stream; when a later step
 * fails, the earlier reservation is released again, so a failed registration leaves the email free.
 */
export interface CommandCtx {
  idempotencyKey: string;
  metadata: EventMetadata;
}

const reserveOnce = (deps: AccountDeps, email: string, userId: string, ctx: CommandCtx, holderHasNoAccount: boolean) =>
  handleCommand(
    deps.stores.eventStore,
    emailReservationDecider,
    emailReservationStream(email),
    { type: 'ReserveEmail', email, userId, at: ctx.metadata.occurredAt, holderHasNoAccount },
    { ...ctx, idempotencyKey: `${ctx.idempotencyKey}:${holderHasNoAccount ? 'reserve-abandoned' : 'reserve'}` },
  );

/**
 * Reserves an email for a user. When another holder has it, and that holder never got an
 * account (a registration that crashed half-way), the decider may let the reservation be taken
 * over once it is old enough.
 */
async function reserve(deps: AccountDeps, email: string, userId: string, ctx: CommandCtx) {
  try {
    return await reserveOnce(deps, email, userId, ctx, false);
  } catch (error) {
    if (!(error instanceof CommandError && error.kind === 'conflict')) throw error;
    const holder = await accountIdByEmail(deps, email);
    if (!holder || (await loadAggregate(deps.stores.eventStore, userDecider, userStream(holder))).state.status !== 'none') throw error;
    return reserveOnce(deps, email, userId, ctx, true);
  }
}

const release = (deps: AccountDeps, email: string, userId: string, ctx: CommandCtx, step: string) =>
  handleCommand(deps.stores.eventStore, emailReservationDecider, emailReservationStream(email), { type: 'ReleaseEmail', email, userId, at: new Date().toISOString() }, { ...ctx, idempotencyKey: `${ctx.idempotencyKey}:${step}` });

export async function registerAccount(
  deps: AccountDeps,
  input: { email: string; password?: string; firstName: string; lastName: string; provider: 'password' | 'google' | 'github'; profileImageUrl?: string | null },
  ctx: CommandCtx,
): Promise<{ userId: string; position: Position | null }> {
  const userId = randomUUID();
  await reserve(deps, input.email, userId, ctx);
  try {
    if (input.password) await deps.stores.credentials.put(userId, await hashPassword(input.password));
    const roles: RoleName[] = ['general'];
    const result = await handleCommand(
      deps.stores.eventStore,
      userDecider,
      userStream(userId),
      { type: 'RegisterUser', userId, email: input.email, firstName: input.firstName, lastName: input.lastName, roles, profileImageUrl: input.profileImageUrl ?? null, provider: input.provider, at: ctx.metadata.occurredAt },
      { ...ctx, metadata: { ...ctx.metadata, actorId: ctx.metadata.actorId ?? userId } },
    );
    await settle(deps, result.position);
    return { userId, position: result.position };
  } catch (error) {
    await deps.stores.credentials.delete(userId).catch(() => undefined);
    await release(deps, input.email, userId, ctx, 'release-failed-registration').catch(() => undefined);
    throw error;
  }
}

/** Who holds an email address, from its reservation stream (no read model involved). */
export async function accountIdByEmail(deps: AccountDeps, email: string): Promise<string | null> {
  const { state } = await loadAggregate(deps.stores.eventStore, emailReservationDecider, emailReservationStream(email));
  return state.holder;
}

export async function changeProfile(deps: AccountDeps, userId: string, input: { firstName: string; lastName: string; email: string }, ctx: CommandCtx) {
  const { state } = await loadAggregate(deps.stores.eventStore, userDecider, userStream(userId));
  const oldEmail = state.status === 'registered' ? state.email : null;
  const emailChanges = oldEmail !== null && oldEmail !== input.email;
  if (emailChanges) await reserve(deps, input.email, userId, ctx);
  try {
    const result = await handleCommand(deps.stores.eventStore, userDecider, userStream(userId), { type: 'ChangeProfile', ...input, at: ctx.metadata.occurredAt }, ctx);
    if (emailChanges && result.events.length > 0) await release(deps, oldEmail, userId, ctx, 'release-old-email');
    await settle(deps, result.position);
  } catch (error) {
    if (emailChanges) await release(deps, input.email, userId, ctx, 'release-new-email').catch(() => undefined);
    throw error;
  }
}

export async function changeRoles(deps: AccountDeps, userId: string, roles: RoleName[], ctx: CommandCtx) {
  const result = await handleCommand(deps.stores.eventStore, userDecider, userStream(userId), { type: 'ChangeRoles', roles, by: ctx.metadata.actorId ?? 'system', at: ctx.metadata.occurredAt }, ctx);
  await settle(deps, result.position);
}

/** Answers only once the users read model shows the change (read-your-writes). */
async function settle(deps: AccountDeps, position: Position | null) {
  await waitForProjection(deps.stores.readStore, 'users', position);
}
