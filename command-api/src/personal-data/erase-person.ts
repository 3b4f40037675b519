import { ERASURE_REASON_NAMES_PERSON, reasonNamesPerson, type PersonErased } from '@kainga/contracts';
import { handleCommand, invalid, notFound, waitForProjection, type CommandContext, type Logger } from '@kainga/platform';
import { erasureProjectorNames } from '@kainga/projections';
import { emailReservationDecider, emailReservationStream } from '../accounts/email-reservation';
import { userDecider, userStream } from '../accounts/user';
import type { AppDeps } from '../deps';
import { completeErasure } from './erasure-effects';
import { erasureScopeOf } from './erasure-records';

export interface ErasureRequest {
  userId: string;
  requestedBy: 'self' | 'admin';
  reason: string | null;
}

/**
 * Erases a person (issue 50): what was theirs is found while it can still be read, the decision
 * is recorded on their stream with its expected revision (PersonErased: two erasures, or an
 * erasure racing a profile change, cannot both pass), their addresses are released so they may
 * register again, and the effects run (erasure-effects.ts; the erasure reactor runs them again
 * from the log if this process stops half-way). Answers once the read models have followed.
 */
export async function erasePerson(deps: Pick<AppDeps, 'stores' | 'config'> & { logger?: Logger }, request: ErasureRequest, ctx: CommandContext): Promise<void> {
  const scope = await erasureScopeOf(deps.stores, request.userId);
  if (!scope) throw notFound('User not found.');
  if (request.reason && reasonNamesPerson(request.reason, scope)) throw invalid(ERASURE_REASON_NAMES_PERSON);
  const by = ctx.metadata.actorId ?? request.userId;
  const at = ctx.metadata.occurredAt;
  const result = await handleCommand(
    deps.stores.eventStore,
    userDecider,
    userStream(request.userId),
    { type: 'EraseUser', requestedBy: request.requestedBy, by, reason: request.reason, records: scope.records, persons: scope.persons, scopes: scope.scopes, at },
    ctx,
  );
  for (const email of scope.emails) {
    await handleCommand(deps.stores.eventStore, emailReservationDecider, await emailReservationStream(deps.stores, email), { type: 'ReleaseEmail', email, userId: request.userId, at }, { ...ctx, idempotencyKey: `${ctx.idempotencyKey}:release:${email}` });
  }
  // The recorded event (a retry's is the first run's), for its id: the effects are keyed by it.
  const erased = (await deps.stores.eventStore.readStream(userStream(request.userId))).findLast((e) => e.type === 'PersonErased');
  if (erased) await completeErasure(deps, { id: erased.id, data: erased.data as PersonErased['data'] });
  // Every read model holding their details has followed; then the embedded store's old page
  // images of those documents (its write-ahead log) are dropped, not left for a later checkpoint.
  for (const name of erasureProjectorNames) await waitForProjection(deps.stores.readStore, name, result.position);
  await deps.stores.readStore.purgeFreedBytes().catch((err: unknown) => deps.logger?.warn({ err }, 'the read models’ freed bytes are purged at the next checkpoint instead'));
}
