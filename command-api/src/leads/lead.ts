import type { PartnerLeadEvent } from '@kainga/contracts';
import { conflict, invalid, notFound, type Decider } from '@kainga/platform';
import { match } from 'ts-pattern';

/** The lead aggregate, stream `partnerLead-<leadId>`: one request from a client to a partner. */
export const leadStream = (leadId: string) => `partnerLead-${leadId}`;

type Received = Extract<PartnerLeadEvent, { type: 'PartnerLeadReceived' }>['data'];

export type LeadState = { status: 'none' } | { status: 'new' | 'read' | 'responded'; lead: Received };

export type LeadCommand =
  | { type: 'ReceiveLead'; lead: Received }
  /** The partner opened it. `partnerId` is the partner acting (their active role's record). */
  | { type: 'MarkLeadRead'; partnerId: string; by: string; at: string }
  | { type: 'RespondToLead'; partnerId: string; response: string; by: string; at: string };

/** The same words for "no such request" and "not yours", so a lead id of another partner leaks nothing. */
export const LEAD_NOT_FOUND = 'Request not found.';
export const ALREADY_RESPONDED = 'You have already responded to this request.';

/** The lead, when it exists and is addressed to this partner. */
function ownLead(state: LeadState, partnerId: string) {
  if (state.status === 'none' || state.lead.partnerId !== partnerId) throw notFound(LEAD_NOT_FOUND);
  return state;
}

export const leadDecider: Decider<LeadState, LeadCommand, PartnerLeadEvent> = {
  initialState: () => ({ status: 'none' }),

  evolve: (state, event) =>
    match(event)
      .with({ type: 'PartnerLeadReceived' }, ({ data }): LeadState => ({ status: 'new', lead: data }))
      .with({ type: 'PartnerLeadRead' }, (): LeadState => (state.status === 'new' ? { ...state, status: 'read' } : state))
      .with({ type: 'PartnerLeadResponded' }, (): LeadState => (state.status === 'none' ? state : { ...state, status: 'responded' }))
      .exhaustive(),

  decide: (command, state) =>
    match(command)
      .with({ type: 'ReceiveLead' }, ({ lead }): PartnerLeadEvent[] => {
        if (state.status === 'none') return [{ type: 'PartnerLeadReceived', data: lead }];
        // The lead window answered the request with a lead it holds (the same message again, or a
        // parallel request that got here first): nothing new. Another partner's lead under this id
        // is a clash (an Idempotency-Key used again for another request).
        if (state.lead.partnerId === lead.partnerId) return [];
        throw conflict('This request was already received.');
      })
      .with({ type: 'MarkLeadRead' }, (c): PartnerLeadEvent[] => {
        const own = ownLead(state, c.partnerId);
        // Only a new request becomes read; reading a read or answered one again changes nothing.
        if (own.status !== 'new') return [];
        return [{ type: 'PartnerLeadRead', data: { leadId: own.lead.leadId, partnerId: c.partnerId, readBy: c.by, readAt: c.at } }];
      })
      .with({ type: 'RespondToLead' }, (c): PartnerLeadEvent[] => {
        const own = ownLead(state, c.partnerId);
        const response = c.response.trim();
        if (!response) throw invalid('Please write a response');
        // One final response: it has been emailed to the client already.
        if (own.status === 'responded') throw conflict(ALREADY_RESPONDED);
        return [{ type: 'PartnerLeadResponded', data: { leadId: own.lead.leadId, partnerId: c.partnerId, response, respondedBy: c.by, respondedAt: c.at } }];
      })
      .exhaustive(),
};
