import type { EventMetadata, RoleName } from '@kainga/contracts';
import { CommandError, conflict, eventIdFor, handleCommand, loadAggregate, waitForProjection, type Position } from '@kainga/platform';
import { createHash } from 'node:crypto';
import type { AppDeps } from '../deps';

/** What account commands need: the stores only. */
type AccountDeps = Pick<AppDeps, 'stores'>;
import { hashPassword, verifyPassword } from '../auth/password';
import { emailReservationDecider, emailReservationStream } from './email-reservation';
import { userDecider, userStream, type UserState } from './user';

/**
 * Account use cases that span streams. Each step is a command on one stream; when a later step
 * fails, the earlier reservation is released again, so a failed registration leaves the email free.
 */
export interface CommandCtx {
  idempotencyKey: string;
  metadata: EventMetadata;
}

const reserveOnce = async (deps: AccountDeps, email: string, userId: string, ctx: CommandCtx, key: string, holderHasNoAccount: boolean) =>
  handleCommand(
    deps.stores.eventStore,
    emailReservationDecider,
    await emailReservationStream(deps.stores, email),
    { type: 'ReserveEmail', email, userId, at: ctx.metadata.occurredAt, holderHasNoAccount },
    { ...ctx, idempotencyKey: holderHasNoAccount ? `${key}-abandoned` : key },
  );

/**
 * Reserves an email for a user. When another holder has it, and that holder never got an
 * account (a registration that crashed half-way), the decider may let the reservation be taken
 * over once it is old enough.
 */
async function reserveWithTakeover(deps: AccountDeps, email: string, userId: string, ctx: CommandCtx, key: string) {
  try {
    return await reserveOnce(deps, email, userId, ctx, key, false);
  } catch (error) {
    if (!(error instanceof CommandError && error.kind === 'conflict')) throw error;
    // The holder the reservation names (an erased account's is gone from the read models).
    const holder = (await loadAggregate(deps.stores.eventStore, emailReservationDecider, await emailReservationStream(deps.stores, email))).state.holder ?? (await accountIdByEmail(deps, email));
    // A holder with no account, or one erased (its release was cut off), may be taken over.
    if (!holder || !['none', 'erased'].includes((await loadAggregate(deps.stores.eventStore, userDecider, userStream(holder))).state.status)) throw error;
    return reserveOnce(deps, email, userId, ctx, key, true);
  }
}

/**
 * Holds the address for `userId`, whatever the idempotency key says: a retry finds its own
 * earlier reservation, but if that attempt failed and released the address again, the address
 * is reserved anew (keyed by the revision it was seen free at, so racing retries still agree).
 */
async function reserve(deps: AccountDeps, email: string, userId: string, ctx: CommandCtx) {
  let key = `${ctx.idempotencyKey}:reserve`;
  for (let attempt = 0; attempt < 3; attempt++) {
    const result = await reserveWithTakeover(deps, email, userId, ctx, key);
    if (result.state.holder === userId) return result;
    key = `${ctx.idempotencyKey}:reserve@${result.revision}`;
  }
  throw conflict('That email address is already used by another account.');
}

const release = async (deps: AccountDeps, email: string, userId: string, ctx: CommandCtx, step: string) =>
  handleCommand(deps.stores.eventStore, emailReservationDecider, await emailReservationStream(deps.stores, email), { type: 'ReleaseEmail', email, userId, at: new Date().toISOString() }, { ...ctx, idempotencyKey: `${ctx.idempotencyKey}:${step}` });

/**
 * The account id of a registration: derived from its idempotency key, so every retry of one
 * request (the same Idempotency-Key, even 50 at once) lands on one account, never on a second.
 */
export const accountIdFor = (idempotencyKey: string) => eventIdFor(idempotencyKey, 'account', 0);

type Registration = { email: string; password?: string; firstName: string; lastName: string; provider: 'password' | 'google' | 'github' | 'invitation'; profileImageUrl?: string | null };

/** A retry answers as the first request did, but only if it is the same request (same person, same password). */
async function sameRegistration(deps: AccountDeps, state: UserState, input: Registration): Promise<boolean> {
  if (state.status !== 'registered') return false;
  if (state.email !== input.email || state.firstName !== input.firstName || state.lastName !== input.lastName) return false;
  const hash = await deps.stores.credentials.get(state.userId);
  return input.password ? hash !== null && verifyPassword(input.password, hash) : hash === null;
}

const keyReused = () => conflict('This Idempotency-Key was already used for a different registration. Send a new key for a new request.');

type Registered = { userId: string; position: Position | null };

/**
 * Registrations under way in this process, by account id: identical copies of a request that
 * arrive together wait for the first and share its answer instead of each spending a password
 * hash (scrypt is deliberately slow). Other processes are kept apart by the event store alone.
 */
const underWay = new Map<string, { fingerprint: string; done: Promise<Registered> }>();

const fingerprintOf = (input: Registration) =>
  createHash('sha256').update(JSON.stringify([input.email, input.password ?? null, input.firstName, input.lastName, input.provider, input.profileImageUrl ?? null])).digest('hex');

export async function registerAccount(deps: AccountDeps, input: Registration, ctx: CommandCtx): Promise<Registered> {
  const userId = accountIdFor(ctx.idempotencyKey);
  const fingerprint = fingerprintOf(input);
  const running = underWay.get(userId);
  if (running) {
    const outcome = await running.done.catch(() => null);
    if (outcome && running.fingerprint === fingerprint) return outcome;
  }
  const done = registerOnce(deps, input, ctx, userId);
  if (!underWay.has(userId)) {
    underWay.set(userId, { fingerprint, done });
    done.catch(() => undefined).finally(() => underWay.delete(userId));
  }
  return done;
}

async function registerOnce(deps: AccountDeps, input: Registration, ctx: CommandCtx, userId: string): Promise<Registered> {
  const stream = userStream(userId);
  const before = await loadAggregate(deps.stores.eventStore, userDecider, stream);
  if (before.state.status === 'registered') {
    if (!(await sameRegistration(deps, before.state, input))) throw keyReused();
    const position = before.history.at(-1)!.position;
    await settle(deps, position);
    return { userId, position };
  }
  await reserve(deps, input.email, userId, ctx);
  let result;
  try {
    // A racing retry of this request may have stored the hash already; the first one stays (same password either way).
    if (input.password && (await deps.stores.credentials.get(userId)) === null) await deps.stores.credentials.put(userId, await hashPassword(input.password));
    const roles: RoleName[] = ['general'];
    result = await handleCommand(
      deps.stores.eventStore,
      userDecider,
      stream,
      { type: 'RegisterUser', userId, email: input.email, firstName: input.firstName, lastName: input.lastName, roles, profileImageUrl: input.profileImageUrl ?? null, provider: input.provider, at: ctx.metadata.occurredAt },
      { ...ctx, metadata: { ...ctx.metadata, actorId: ctx.metadata.actorId ?? userId } },
    );
  } catch (error) {
    // Undo only what no racing retry finished: once the account exists, its email and password stay.
    if ((await loadAggregate(deps.stores.eventStore, userDecider, stream)).state.status !== 'registered') {
      await deps.stores.credentials.delete(userId).catch(() => undefined);
      await release(deps, input.email, userId, ctx, 'release-failed-registration').catch(() => undefined);
    }
    throw error;
  }
  if (result.alreadyApplied && !(await sameRegistration(deps, result.state, input))) {
    // A different request with the same key won the race: give back the address this one reserved.
    if (result.state.status === 'registered' && result.state.email !== input.email) await release(deps, input.email, userId, ctx, 'release-reused-key');
    throw keyReused();
  }
  await settle(deps, result.position);
  return { userId, position: result.position };
}

/** Who holds an email address, from its reservation stream (no read model involved). */
export async function accountIdByEmail(deps: AccountDeps, email: string): Promise<string | null> {
  const { state } = await loadAggregate(deps.stores.eventStore, emailReservationDecider, await emailReservationStream(deps.stores, email));
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
