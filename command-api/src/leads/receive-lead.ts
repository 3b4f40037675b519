import type { PartnerLeadReceived } from '@kainga/contracts';
import { CommandError, eventIdFor, handleCommand, waitForCommand, type CommandContext } from '@kainga/platform';
import { findPartnerLead, type PartnerLeadDoc } from '@kainga/projections';
import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import type { AppDeps } from '../deps';
import { leadDecider, leadStream } from './lead';

/** `demo` is set only by ops' demo seed (the HTTP routes never take it from a body); false when absent. */
type LeadFields = Omit<z.infer<typeof PartnerLeadReceived>['data'], 'leadId' | 'receivedAt' | 'demo'> & { demo?: boolean };

/**
 * Records a request to a partner and answers it as the inbox will show it. With an
 * Idempotency-Key the lead id derives from the key, so a retry finds the first request instead
 * of sending the partner a second one.
 */
export async function receiveLead(deps: Pick<AppDeps, 'stores'>, fields: LeadFields, ctx: CommandContext & { keyed: boolean }): Promise<PartnerLeadDoc> {
  const leadId = ctx.keyed ? eventIdFor(ctx.idempotencyKey, 'partnerLead', 0) : randomUUID();
  const result = await handleCommand(
    deps.stores.eventStore,
    leadDecider,
    leadStream(leadId),
    { type: 'ReceiveLead', lead: { ...fields, demo: fields.demo ?? false, leadId, receivedAt: ctx.metadata.occurredAt } },
    { idempotencyKey: ctx.idempotencyKey, metadata: ctx.metadata },
  );
  await waitForCommand(deps.stores, 'partner_leads', leadStream(leadId), result);
  const doc = await findPartnerLead(deps.stores.readStore, leadId);
  if (!doc) throw new CommandError('unavailable', 'Your message was sent but is not readable yet. It will appear under your messages shortly.');
  return doc;
}
