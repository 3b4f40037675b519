import { leadDecider, leadStream, partnerDecider, partnerStream } from '@kainga/command-api';
import { serviceTypeLabels } from '@kainga/contracts';
import { loadAggregate, type EmailSender, type EventStore, type Reactor, type RecordedEvent } from '@kainga/platform';
import { oneLine, wrapText } from './wrap-text';

export const LEAD_EMAILS_REACTOR = 'lead-emails';

/** The partner as its stream holds it now (the contact address and name the emails use). */
async function partnerOf(eventStore: EventStore, partnerId: string) {
  const { state } = await loadAggregate(eventStore, partnerDecider, partnerStream(partnerId));
  if (state.status !== 'enrolled') throw new Error(`Partner ${partnerId} is not enrolled`);
  return state;
}

async function leadOf(eventStore: EventStore, leadId: string) {
  const { state } = await loadAggregate(eventStore, leadDecider, leadStream(leadId));
  if (state.status === 'none') throw new Error(`Lead ${leadId} was not received`);
  return state.lead;
}

/**
 * Emails of the partner marketplace (spec 001 §3): a new request goes to the partner's contact
 * address, a partner's response to the client's. Everything is read from the event store, so
 * the emails never wait for (or differ with) a read model. The message id is the event id: a
 * replay, or a retry after a crash, sends nothing twice.
 */
export function leadEmailsReactor(deps: { eventStore: EventStore; email: EmailSender; origin: string }): Reactor {
  const { eventStore, email, origin } = deps;
  return {
    name: LEAD_EMAILS_REACTOR,
    filter: { eventTypes: ['PartnerLeadReceived', 'PartnerLeadResponded'], streamPrefixes: ['partnerLead-'] },
    async handle(event: RecordedEvent) {
      const { leadId } = event.data as { leadId: string };
      const lead = await leadOf(eventStore, leadId);
      const partner = await partnerOf(eventStore, lead.partnerId);
      if (event.type === 'PartnerLeadReceived') {
        // The partner was erased before this was mailed: there is no one to write to.
        if (!partner.profile.contactEmail) return;
        const contact = [lead.contactName, lead.contactEmail, lead.contactPhone].filter(Boolean).join(', ');
        await email.send({
          id: event.id,
          to: partner.profile.contactEmail,
          subject: oneLine(`New enquiry from ${lead.contactName}`),
          text: [
            `Kia ora ${partner.profile.businessName},`,
            '',
            `You have a new enquiry (${serviceTypeLabels[lead.serviceType]}) through Kāinga:`,
            '',
            wrapText(lead.requestMessage),
            '',
            wrapText(`From: ${contact}`),
            '',
            'Read it and respond in your partner dashboard:',
            `${origin}/partner-dashboard`,
            '',
            'Kāinga',
          ].join('\n'),
        });
        return;
      }
      const { response } = event.data as { response: string };
      // The client was erased before this was mailed: their address is gone with them.
      if (!lead.contactEmail) return;
      await email.send({
        id: event.id,
        to: lead.contactEmail,
        subject: oneLine(`${partner.profile.businessName} has responded to your enquiry`),
        text: [
          `Kia ora ${oneLine(lead.contactName)},`,
          '',
          wrapText(`${partner.profile.businessName} has responded to your enquiry:`),
          '',
          wrapText(response),
          '',
          'Your message was:',
          '',
          wrapText(lead.requestMessage),
          '',
          ...(lead.userId ? ['See all your messages:', `${origin}/messages`, ''] : []),
          'Kāinga',
        ].join('\n'),
      });
    },
  };
}
