import type { EventMetadata, LeadChargeEvent, PartnerLeadEvent, ServiceType } from '@kainga/contracts';
import { eventIdFor, type EventStore, type NewEvent, type Position } from '@kainga/platform';
import { randomUUID } from 'node:crypto';

/** Who sent the i-th request. */
export interface LeadSender {
  userId: string | null;
  name: string;
  email: string;
  phone: string | null;
}

/**
 * Many requests to one partner, each paid (a lead and its succeeded charge), appended straight to
 * their streams as the lead and charge deciders would: for the export's tests and its figure in
 * bench:scale, which need a partner holding thousands of leads in seconds. Answers the position
 * of the last append (to wait for the read models) and the lead ids.
 */
export async function appendPaidLeads(
  eventStore: EventStore,
  lead: { partnerId: string; subscriptionId: string; count: number; sender: (i: number) => LeadSender; serviceType?: ServiceType; at?: (i: number) => Date },
): Promise<{ position: Position | null; leadIds: string[] }> {
  const batch = randomUUID();
  const leadIds: string[] = [];
  let position: Position | null = null;
  for (let i = 0; i < lead.count; i++) {
    const key = `${batch}:${i}`;
    const leadId = eventIdFor(key, 'partnerLead', 0);
    const at = (lead.at?.(i) ?? new Date()).toISOString();
    const sender = lead.sender(i);
    const metadata = (actorId: string | null): EventMetadata => ({ actorId, actorRoles: actorId ? ['general'] : [], correlationId: key, causationId: null, occurredAt: at });
    const received: PartnerLeadEvent = {
      type: 'PartnerLeadReceived',
      data: {
        leadId,
        partnerId: lead.partnerId,
        userId: sender.userId,
        origin: 'contact',
        serviceType: lead.serviceType ?? 'mortgage',
        propertyId: null,
        locationId: 'auckland',
        requestMessage: `Request ${i + 1}: could you help with our home loan?`,
        contactName: sender.name,
        contactEmail: sender.email,
        contactPhone: sender.phone,
        receivedAt: at,
        demo: false,
      },
    };
    const charged: LeadChargeEvent[] = [
      { type: 'LeadChargeRequested', data: { leadId, partnerId: lead.partnerId, subscriptionId: lead.subscriptionId, amount: 25, currency: 'nzd', requestedAt: at } },
      { type: 'LeadChargeSucceeded', data: { leadId, partnerId: lead.partnerId, stripePaymentIntentId: `pi_bulk_${i}`, chargedAt: at } },
    ];
    const toNew = (stream: string, events: readonly { type: string; data: unknown }[], actorId: string | null): NewEvent[] =>
      events.map((e, k) => ({ id: eventIdFor(key, stream, k), type: e.type, data: e.data, metadata: metadata(actorId) }));
    await eventStore.append(`partnerLead-${leadId}`, toNew(`partnerLead-${leadId}`, [received], sender.userId), { expectedRevision: 'no_stream' });
    ({ position } = await eventStore.append(`leadCharge-${leadId}`, toNew(`leadCharge-${leadId}`, charged, null), { expectedRevision: 'no_stream' }));
    leadIds.push(leadId);
  }
  return { position, leadIds };
}
