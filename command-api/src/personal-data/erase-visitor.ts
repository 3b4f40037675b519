import { ERASURE_REASON_NAMES_PERSON, personalScopes, reasonNamesPerson, VISITOR_HAS_ACCOUNT, visitorErasureAsPersonErased, visitorErasureStream, type VisitorErased } from '@kainga/contracts';
import { conflict, handleCommand, invalid, visitorPersonOf, waitForProjection, type CommandContext, type Logger } from '@kainga/platform';
import { visitorErasureProjectorNames } from '@kainga/projections';
import { accountIdByEmail } from '../accounts/accounts';
import type { AppDeps } from '../deps';
import { completeErasure } from './erasure-effects';
import { visitorErasureDecider } from './visitor-erasure';

const LEAD_SCOPE = personalScopes.lead('');

/**
 * Erases a signed-out visitor on their request (issue 50): someone with no account who wrote to
 * partners from `email`. Their requests are found in the vault (each was sealed under a scope
 * linked to the keyed digest of the address, however its case was typed), the erasure is recorded
 * on their stream with its expected revision, and the effects run as for a person's (keys
 * destroyed, the outbox's mail to or about them removed); partners keep each request's record,
 * marked erased. An address that is an account's is refused: erasing the account covers it.
 */
export async function eraseVisitor(deps: Pick<AppDeps, 'stores' | 'config'> & { logger?: Logger }, request: { email: string; reason: string }, ctx: CommandContext): Promise<void> {
  if (reasonNamesPerson(request.reason, { emails: [request.email], names: [] })) throw invalid(ERASURE_REASON_NAMES_PERSON);
  if (await accountIdByEmail(deps, request.email)) throw conflict(VISITOR_HAS_ACCOUNT);
  const visitor = visitorPersonOf(await deps.stores.personalKeys.visitorSecret(), request.email);
  const sentLeadIds = (await deps.stores.personalKeys.scopesOf(visitor)).filter((s) => s.startsWith(LEAD_SCOPE)).map((s) => s.slice(LEAD_SCOPE.length));
  const data: VisitorErased['data'] = {
    visitor,
    by: ctx.metadata.actorId ?? 'admin',
    reason: request.reason,
    sentLeadIds,
    // Their requests, and partners' replies to them (which speak to and of them).
    scopes: [...sentLeadIds.map(personalScopes.lead), ...sentLeadIds.map(personalScopes.leadReply)],
    at: ctx.metadata.occurredAt,
  };
  const result = await handleCommand(deps.stores.eventStore, visitorErasureDecider, visitorErasureStream(visitor), { type: 'EraseVisitor', ...data }, ctx);
  const recorded = (await deps.stores.eventStore.readStream(visitorErasureStream(visitor))).at(-1);
  if (recorded) await completeErasure(deps, { id: recorded.id, data: visitorErasureAsPersonErased(recorded.data as VisitorErased['data']) });
  for (const name of visitorErasureProjectorNames) await waitForProjection(deps.stores.readStore, name, result.position);
  await deps.stores.readStore.purgeFreedBytes().catch((err: unknown) => deps.logger?.warn({ err }, 'the read models’ freed bytes are purged at the next checkpoint instead'));
}
