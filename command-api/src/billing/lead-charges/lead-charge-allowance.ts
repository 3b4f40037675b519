import type { LeadChargeAllowanceEvent } from '@kainga/contracts';
import type { Decider } from '@kainga/platform';
import { match } from 'ts-pattern';

/**
 * Most leads charged to one partner in one New Zealand day. Junk that gets past the lead window
 * and the senders' limits (many accounts on many addresses) must not run up a partner's bill:
 * past it the day's leads still reach the partner, free. Ten is several times a busy partner's day
 * on Kāinga, so a real partner rarely meets it, and then pays less, never more.
 */
export const LEAD_CHARGES_PER_PARTNER_PER_DAY = 10;

export const leadChargeAllowanceStream = (partnerId: string, day: string) => `leadChargeAllowance-${partnerId}-${day}`;

export interface LeadChargeAllowanceState {
  /** The leads admitted to be charged this day, in order. */
  admitted: readonly string[];
}

export type LeadChargeAllowanceCommand = { type: 'AdmitLeadCharge'; partnerId: string; day: string; leadId: string; at: string };

/**
 * A partner's charged leads of one day (contracts' LeadChargeAdmitted): a lead is admitted while
 * the day has room, once; a lead refused, or admitted already, adds nothing. Whether a lead may be
 * charged is then `state.admitted.includes(leadId)`, the same answer however often it is asked.
 */
export const leadChargeAllowanceDecider: Decider<LeadChargeAllowanceState, LeadChargeAllowanceCommand, LeadChargeAllowanceEvent> = {
  initialState: () => ({ admitted: [] }),
  evolve: (state, event) =>
    match(event)
      .with({ type: 'LeadChargeAdmitted' }, ({ data }): LeadChargeAllowanceState => ({ admitted: [...state.admitted, data.leadId] }))
      .exhaustive(),
  decide: (command, state) =>
    match(command)
      .with({ type: 'AdmitLeadCharge' }, (c): LeadChargeAllowanceEvent[] => {
        if (state.admitted.includes(c.leadId) || state.admitted.length >= LEAD_CHARGES_PER_PARTNER_PER_DAY) return [];
        return [{ type: 'LeadChargeAdmitted', data: { partnerId: c.partnerId, day: c.day, leadId: c.leadId, admittedAt: c.at } }];
      })
      .exhaustive(),
};
