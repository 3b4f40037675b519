import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, makePartner, startTestApp, type TestApp } from '../testing/test-app';
import { receiveLead } from './receive-lead';
import { makeProperty } from './test-fixtures';

let t: TestApp;
let broker: ReturnType<typeof client>;
let brokerPartnerId: string;
let other: ReturnType<typeof client>;
let owner: ReturnType<typeof client>;
let ownerId: string;
let leadId: string;

beforeAll(async () => {
  t = await startTestApp();
  broker = client(t.app);
  const b = await broker.register('broker@example.nz', undefined, 'Hemi', 'Walker');
  brokerPartnerId = await makePartner(t.stores, b.id, 'mortgage_broker', ['auckland']);
  other = client(t.app);
  const o = await other.register('other@example.nz');
  await makePartner(t.stores, o.id, 'property_manager', ['auckland'], { businessName: 'Other Managers' });
  owner = client(t.app);
  ownerId = (await owner.register('owner@example.nz', undefined, 'Aroha', 'Ngata')).id;
  const propertyId = await makeProperty(t.stores, ownerId, '12 Victoria Street', 'Auckland');
  leadId = (await owner.post('/api/partner-contacts', { partnerId: brokerPartnerId, message: 'Kia ora, can you help?', propertyId })).json().id;
});
afterAll(() => t.close());

describe('the partner inbox', () => {
  it('lists the active role’s requests as contacts, with the client and the property', async () => {
    const res = await broker.get('/api/partner-contacts');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([
      expect.objectContaining({
        id: leadId,
        userId: ownerId,
        partnerId: brokerPartnerId,
        message: 'Kia ora, can you help?',
        contactStatus: 'sent',
        serviceType: 'mortgage',
        contactName: 'Aroha Ngata',
        contactEmail: 'owner@example.nz',
        partnerResponse: null,
        user: { id: ownerId, email: 'owner@example.nz', firstName: 'Aroha', lastName: 'Ngata', profileImageUrl: null },
        property: { address: '12 Victoria Street' },
      }),
    ]);
    expect((await broker.get('/api/partner-leads')).json()).toEqual([expect.objectContaining({ id: leadId, leadStatus: 'new', requestMessage: 'Kia ora, can you help?' })]);
    expect((await other.get('/api/partner-contacts')).json()).toEqual([]);
  });

  it('answers the demo flag: false for a request sent through the routes, true for one from the demo seed', async () => {
    expect((await broker.get('/api/partner-contacts')).json()[0]).toMatchObject({ id: leadId, demo: false });
    expect((await broker.get('/api/partner-leads')).json()[0]).toMatchObject({ id: leadId, demo: false });
    const demoPartner = client(t.app);
    const d = await demoPartner.register('demo.manager@example.nz');
    const partnerId = await makePartner(t.stores, d.id, 'property_manager', ['gore'], { businessName: 'Demo Managers' }, { demo: true });
    // Another client than the owner, whose messages the later tests count.
    const clientId = (await client(t.app).register('demo.client@example.nz')).id;
    const metadata = { actorId: clientId, actorRoles: [], correlationId: 'demo-test', causationId: null, occurredAt: new Date().toISOString() };
    const fields = { partnerId, userId: clientId, origin: 'contact', serviceType: 'property_management', propertyId: null, locationId: 'gore', requestMessage: 'A demo request.' } as const;
    const demoLead = await receiveLead(
      t.deps,
      { ...fields, contactName: 'Aroha Ngata', contactEmail: 'demo.client@example.nz', contactPhone: null, demo: true },
      { idempotencyKey: 'demo-test-lead', keyed: true, metadata },
    );
    expect((await demoPartner.get('/api/partner-contacts')).json()).toEqual([expect.objectContaining({ id: demoLead._id, demo: true })]);
    expect((await demoPartner.get('/api/partner-leads')).json()).toEqual([expect.objectContaining({ id: demoLead._id, demo: true })]);
  });

  it('counts the stat cards', async () => {
    expect((await broker.get('/api/partner/stats')).json()).toEqual({ totalContacts: 1, thisMonthContacts: 1, newContacts: 1, respondedContacts: 0 });
  });

  it('refuses: 401 signed out, 403 without a partner role or for a role not held, 404 another partner’s request', async () => {
    for (const url of ['/api/partner-contacts', '/api/partner-leads', '/api/partner/stats']) {
      const out = await t.app.inject({ url });
      expect([out.statusCode, out.json()]).toEqual([401, { message: 'Please sign in to continue.' }]);
      const general = await owner.get(url);
      expect([general.statusCode, general.json()]).toEqual([403, { message: 'Partner Access Required' }]);
      const notHeld = await broker.get(`${url}?role=registered_valuer`);
      expect([notHeld.statusCode, notHeld.json()]).toEqual([403, { message: 'Partner Access Required' }]);
    }
    expect((await t.app.inject({ method: 'PATCH', url: `/api/partner-contacts/${leadId}/read` })).statusCode).toBe(401);
    expect((await owner.patch(`/api/partner-contacts/${leadId}/read`)).statusCode).toBe(403);
    const foreignRead = await other.patch(`/api/partner-contacts/${leadId}/read`);
    expect([foreignRead.statusCode, foreignRead.json()]).toEqual([404, { message: 'Request not found.' }]);
    const foreignRespond = await other.post(`/api/partner-leads/${leadId}/respond`, { response: 'Mine now' });
    expect([foreignRespond.statusCode, foreignRespond.json()]).toEqual([404, { message: 'Request not found.' }]);
    expect((await broker.patch('/api/partner-contacts/no-such-lead/read')).statusCode).toBe(404);
  });

  it('asks a partner in several roles to choose one', async () => {
    const both = client(t.app);
    const u = await both.register('both@example.nz');
    await makePartner(t.stores, u.id, 'mortgage_broker', ['auckland']);
    await makePartner(t.stores, u.id, 'registered_valuer', ['auckland']);
    const res = await both.get('/api/partner-contacts');
    expect([res.statusCode, res.json()]).toEqual([400, { message: 'Please choose your active partner role.' }]);
    expect((await both.get('/api/partner-contacts?role=registered_valuer')).statusCode).toBe(200);
  });

  it('marks a sent contact read (the lead contacted), once', async () => {
    const read = await broker.patch(`/api/partner-contacts/${leadId}/read`);
    expect(read.statusCode).toBe(200);
    expect(read.json()).toMatchObject({ id: leadId, contactStatus: 'read', property: { address: '12 Victoria Street' } });
    expect((await broker.get('/api/partner-leads')).json()[0]).toMatchObject({ leadStatus: 'contacted' });
    expect((await broker.patch(`/api/partner-contacts/${leadId}/read`)).statusCode).toBe(200);
    expect((await t.stores.eventStore.readStream(`partnerLead-${leadId}`)).map((e) => e.type)).toEqual(['PartnerLeadReceived', 'PartnerLeadRead']);
  });

  it('records one response: both views responded, a second answers 409, a blank one 400', async () => {
    const blank = await broker.post(`/api/partner-leads/${leadId}/respond`, { response: '  ' });
    expect([blank.statusCode, blank.json().message]).toEqual([400, 'Invalid body: Please write a response']);
    const res = await broker.post(`/api/partner-leads/${leadId}/respond`, { response: 'Happy to help — call me on 021 555 0101.' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: leadId, leadStatus: 'responded', partnerResponse: 'Happy to help — call me on 021 555 0101.' });
    expect((await broker.get('/api/partner-contacts')).json()[0]).toMatchObject({ contactStatus: 'responded', partnerResponse: 'Happy to help — call me on 021 555 0101.' });
    const again = await broker.post(`/api/partner-leads/${leadId}/respond`, { response: 'Another' });
    expect([again.statusCode, again.json()]).toEqual([409, { message: 'You have already responded to this request.' }]);
    expect((await broker.get('/api/partner/stats')).json()).toEqual({ totalContacts: 1, thisMonthContacts: 1, newContacts: 0, respondedContacts: 1 });
    expect((await owner.get('/api/my-messages')).json()[0]).toMatchObject({ id: leadId, leadStatus: 'responded', partnerResponse: 'Happy to help — call me on 021 555 0101.' });
  });
});
