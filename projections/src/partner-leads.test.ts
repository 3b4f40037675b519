import { type RecordedEvent } from '@kainga/platform';
import { projectedStore, recordedEvents } from '@kainga/platform/testing';
import { describe, expect, it } from 'vitest';
import { contactsOfPartner, contactStatusOf, findPartnerLead, leadsOfPartner, leadsOfUser, partnerLeadCounts, partnerLeadsProjector } from './partner-leads';
import { propertiesProjector } from './properties';
import { usersProjector } from './users';

const event = recordedEvents();
const recorded = (type: string, data: object, streamName = `partnerLead-${(data as { leadId?: string }).leadId}`): RecordedEvent => event(streamName, type, data);
const received = (leadId: string, partnerId: string, userId: string | null, receivedAt: string, propertyId: string | null = null) =>
  recorded('PartnerLeadReceived', {
    leadId,
    partnerId,
    userId,
    origin: 'contact',
    serviceType: 'mortgage',
    propertyId,
    locationId: 'auckland',
    requestMessage: `Message ${leadId}`,
    contactName: 'Aroha Ngata',
    contactEmail: 'aroha@example.nz',
    contactPhone: null,
    receivedAt,
  });

/** The users' and properties' indexes too: the joins read them. */
const storeWith = (events: RecordedEvent[]) => projectedStore([partnerLeadsProjector, usersProjector, propertiesProjector], events);

describe('partner_leads projector', () => {
  it('moves a lead new → contacted → responded, and a late read does not move it back', async () => {
    const store = await storeWith([
      received('l1', 'p1', 'u1', '2026-11-01T00:00:00.000Z'),
      recorded('PartnerLeadRead', { leadId: 'l1', partnerId: 'p1', readBy: 'x', readAt: '2026-11-02T00:00:00.000Z' }),
      recorded('PartnerLeadResponded', { leadId: 'l1', partnerId: 'p1', response: 'Sure', respondedBy: 'x', respondedAt: '2026-11-03T00:00:00.000Z' }),
      recorded('PartnerLeadRead', { leadId: 'l1', partnerId: 'p1', readBy: 'x', readAt: '2026-11-04T00:00:00.000Z' }),
    ]);
    expect(await findPartnerLead(store, 'l1')).toMatchObject({ leadStatus: 'responded', partnerResponse: 'Sure', createdAt: '2026-11-01T00:00:00.000Z', updatedAt: '2026-11-03T00:00:00.000Z' });
    expect(['new', 'contacted', 'responded'].map((s) => contactStatusOf(s as 'new'))).toEqual(['sent', 'read', 'responded']);
  });

  it("lists a partner's and a user's requests newest first, and counts the stats", async () => {
    const store = await storeWith([
      received('l1', 'p1', 'u1', '2026-10-31T10:00:00.000Z'),
      received('l2', 'p1', 'u2', '2026-11-05T00:00:00.000Z'),
      received('l3', 'p2', 'u1', '2026-11-06T00:00:00.000Z'),
      received('l4', 'p1', null, '2026-11-07T00:00:00.000Z'),
      recorded('PartnerLeadResponded', { leadId: 'l2', partnerId: 'p1', response: 'Sure', respondedBy: 'x', respondedAt: '2026-11-08T00:00:00.000Z' }),
    ]);
    expect((await leadsOfPartner(store, 'p1')).map((l) => l._id)).toEqual(['l4', 'l2', 'l1']);
    expect((await leadsOfUser(store, 'u1')).map((l) => l._id)).toEqual(['l3', 'l1']);
    expect(await partnerLeadCounts(store, 'p1', '2026-10-31T11:00:00.000Z')).toEqual({ total: 3, thisMonth: 2, new: 2, responded: 1 });
  });

  it('joins the client and the property address at query time', async () => {
    const store = await storeWith([received('l1', 'p1', 'u1', '2026-11-01T00:00:00.000Z', 'prop1'), received('l2', 'p1', null, '2026-11-02T00:00:00.000Z', 'gone')]);
    await store.commit([
      { collection: 'users', insertOne: { document: { _id: 'u1', email: 'aroha@example.nz', firstName: 'Aroha', lastName: 'Ngata', roles: ['general'], profileImageUrl: null, createdAt: '', updatedAt: '' } } },
      { collection: 'properties', insertOne: { document: { _id: 'prop1', address: '12 Queen Street', ownerId: 'u1' } } },
    ]);
    const contacts = await contactsOfPartner(store, 'p1');
    expect(contacts.map((c) => [c.lead._id, c.user?.firstName ?? null, c.property?.address ?? null])).toEqual([
      ['l2', null, null],
      ['l1', 'Aroha', '12 Queen Street'],
    ]);
  });
});
