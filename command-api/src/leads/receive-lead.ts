import type { PartnerLeadReceived } from '@kainga/contracts';
import { CommandError, eventIdFor, handleCommand, streamInUse, waitForCommand, type CommandContext, type Stores } from '@kainga/platform';
import { findPartnerLead, type PartnerLeadDoc } from '@kainga/projections';
import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import type { AppDeps } from '../deps';
import { ACCOUNT_ERASED, refuseIfErased } from '../accounts/erased-person';
import { leadDecider, leadStream } from './lead';
import { claimedLead, keyedLeadWindowNames, leadWindowDecider, legacyLeadWindowNames } from './lead-window';

/** `demo` is set only by ops' demo seed (the HTTP routes never take it from a body); false when absent. */
type LeadFields = Omit<z.infer<typeof PartnerLeadReceived>['data'], 'leadId' | 'receivedAt' | 'demo' | 'repeatOf'> & { demo?: boolean };

/** The lead a request is, by the lead window of its sender and partner (lead-window.ts). */
async function claimLead(stores: Pick<Stores, 'eventStore' | 'personalKeys'>, fields: LeadFields, drawnId: string, ctx: CommandContext) {
  const keyed = keyedLeadWindowNames(await stores.personalKeys.visitorSecret());
  const keyedStream = keyed.stream(fields);
  const stream = await streamInUse(stores.eventStore, keyedStream, legacyLeadWindowNames.stream(fields));
  const names = stream === keyedStream ? keyed : legacyLeadWindowNames;
  const messageDigest = names.message(fields.requestMessage);
  const claim = await handleCommand(stores.eventStore, leadWindowDecider, stream, { type: 'ClaimLead', partnerId: fields.partnerId, leadId: drawnId, messageDigest, at: ctx.metadata.occurredAt }, ctx);
  return claimedLead(claim.events, claim.state, messageDigest);
}

/**
 * Records a request to a partner and answers it as the inbox will show it. With an
 * Idempotency-Key the lead id derives from the key, so a retry finds the first request instead
 * of sending the partner a second one.
 *
 * The same sender to the same partner within LEAD_WINDOW_MS is one lead: the window is claimed
 * first (its stream appended with the expected revision, so parallel requests agree), then the
 * lead it names is recorded — a different message as a repeat (delivered, never charged), the
 * same message again as the lead that already holds it, which is answered (and recorded now, if
 * the request that claimed it never got that far). The sender is told it was sent either way.
 * The demo seed's requests (never charged) keep no window.
 */
export async function receiveLead(deps: Pick<AppDeps, 'stores'>, fields: LeadFields, ctx: CommandContext & { keyed: boolean }): Promise<PartnerLeadDoc> {
  // A request signed in just before the account's erasure was recorded records nothing for it after.
  if (fields.userId) await refuseIfErased(deps.stores.eventStore, fields.userId, ACCOUNT_ERASED);
  const drawnId = ctx.keyed ? eventIdFor(ctx.idempotencyKey, 'partnerLead', 0) : randomUUID();
  const demo = fields.demo ?? false;
  const { leadId, repeatOf } = demo ? { leadId: drawnId, repeatOf: undefined } : await claimLead(deps.stores, fields, drawnId, ctx);
  const result = await handleCommand(
    deps.stores.eventStore,
    leadDecider,
    leadStream(leadId),
    { type: 'ReceiveLead', lead: { ...fields, demo, leadId, receivedAt: ctx.metadata.occurredAt, ...(repeatOf ? { repeatOf } : {}) } },
    { idempotencyKey: ctx.idempotencyKey, metadata: ctx.metadata },
  );
  await waitForCommand(deps.stores, 'partner_leads', leadStream(leadId), result);
  const doc = await findPartnerLead(deps.stores.readStore, leadId);
  if (!doc) throw new CommandError('unavailable', 'Your message was sent but is not readable yet. It will appear under your messages shortly.');
  return doc;
}
