import type { PartnerLeadEvent } from '@kainga/contracts';
import { deciderSpec } from '@kainga/platform/testing';
import { describe, it } from 'vitest';
import { leadDecider } from './lead';

const at = '2026-11-23T00:00:00.000Z';
const lead = {
  leadId: 'l1',
  partnerId: 'p1',
  userId: 'u1',
  origin: 'contact' as const,
  serviceType: 'mortgage' as const,
  propertyId: null,
  locationId: 'auckland',
  requestMessage: 'Kia ora, can you help with a loan?',
  contactName: 'Aroha Ngata',
  contactEmail: 'aroha@example.nz',
  contactPhone: null,
  receivedAt: at,
  demo: false,
};
const received: PartnerLeadEvent = { type: 'PartnerLeadReceived', data: lead };
const read: PartnerLeadEvent = { type: 'PartnerLeadRead', data: { leadId: 'l1', partnerId: 'p1', readBy: 'u9', readAt: at } };
const responded = (response = 'Happy to help.'): PartnerLeadEvent => ({ type: 'PartnerLeadResponded', data: { leadId: 'l1', partnerId: 'p1', response, respondedBy: 'u9', respondedAt: at } });
const markRead = (partnerId = 'p1') => ({ type: 'MarkLeadRead', partnerId, by: 'u9', at }) as const;
const respond = (response = 'Happy to help.', partnerId = 'p1') => ({ type: 'RespondToLead', partnerId, response, by: 'u9', at }) as const;
const spec = deciderSpec(leadDecider);

describe('lead decider', () => {
  it('receives a request', () => spec.given([]).when({ type: 'ReceiveLead', lead }).then([received]));
  it('keeps the demo flag of a request from the demo seed', () =>
    spec
      .given([])
      .when({ type: 'ReceiveLead', lead: { ...lead, demo: true } })
      .then([{ type: 'PartnerLeadReceived', data: { ...lead, demo: true } }]));
  it('receives a lead the window already holds as nothing new', () => spec.given([received]).when({ type: 'ReceiveLead', lead: { ...lead, contactName: 'Aroha' } }).thenNothingHappens());
  it('refuses the same lead id for another partner', () => spec.given([received]).when({ type: 'ReceiveLead', lead: { ...lead, partnerId: 'p2' } }).thenRefuses('conflict'));
  it('keeps the lead a repeat is of', () => spec.given([]).when({ type: 'ReceiveLead', lead: { ...lead, repeatOf: 'l0' } }).then([{ type: 'PartnerLeadReceived', data: { ...lead, repeatOf: 'l0' } }]));

  it('marks a new request read', () => spec.given([received]).when(markRead()).then([read]));
  it('appends nothing when a read or answered request is read again', () => {
    spec.given([received, read]).when(markRead()).thenNothingHappens();
    spec.given([received, responded()]).when(markRead()).thenNothingHappens();
  });

  it('records the response, trimmed, from new or read', () => {
    spec.given([received]).when(respond('  Happy to help.  ')).then([responded()]);
    spec.given([received, read]).when(respond()).then([responded()]);
  });
  it('refuses a blank response', () => spec.given([received]).when(respond('   ')).thenRefuses('invalid', /^Please write a response$/));
  it('refuses a second response: the first was final', () =>
    spec.given([received, read, responded()]).when(respond('Another')).thenRefuses('conflict', /^You have already responded to this request\.$/));

  it("answers not found for another partner's request and for an unknown one, never forbidden", () => {
    spec.given([received]).when(markRead('p2')).thenRefuses('not_found', /^Request not found\.$/);
    spec.given([received]).when(respond('Hi', 'p2')).thenRefuses('not_found');
    spec.given([]).when(markRead()).thenRefuses('not_found');
    spec.given([]).when(respond()).thenRefuses('not_found');
  });
});
