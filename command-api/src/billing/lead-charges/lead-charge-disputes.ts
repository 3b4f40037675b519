import { CommandError, handleCommand, waitForCommand, type CommandContext } from '@kainga/platform';
import { findLeadCharge, type LeadChargeDoc } from '@kainga/projections';
import type { AppDeps } from '../../deps';
import { leadChargeDecider, leadChargeStream, type LeadChargeCommand } from './lead-charge';

/**
 * A person's command to a lead charge — the partner disputing it, an admin resolving the dispute
 * (lead-charge.ts decides) — answered as the `lead_charges` read model then holds it.
 */
export async function onLeadChargeDispute(
  deps: Pick<AppDeps, 'stores'>,
  leadId: string,
  command: Extract<LeadChargeCommand, { type: 'DisputeLeadCharge' | 'ResolveLeadChargeDispute' }>,
  ctx: CommandContext,
): Promise<LeadChargeDoc> {
  const result = await handleCommand(deps.stores.eventStore, leadChargeDecider, leadChargeStream(leadId), command, ctx);
  await waitForCommand(deps.stores, 'lead_charges', leadChargeStream(leadId), result);
  const doc = await findLeadCharge(deps.stores.readStore, leadId);
  if (!doc) throw new CommandError('unavailable', 'The charge was updated but is not readable yet. Please reload in a moment.');
  return doc;
}
