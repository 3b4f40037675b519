import { handleCommand } from '@kainga/platform';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, makePartner, startTestApp, type TestApp } from '../testing/test-app';
import { keyedLeadWindowNames, leadWindowDecider, legacyLeadWindowNames } from './lead-window';
import { makeProperty, revokeRole } from './test-fixtures';

let t: TestApp;
let broker: { id: string; partnerId: string };
let valuer: { id: string; partnerId: string };

beforeAll(async () => {
  t = await startTestApp();
  const b = await client(t.app).register('broker@example.nz', undefined, 'Hemi', 'Walker');
  broker = { id: b.id, partnerId: await makePartner(t.stores, b.id, 'mortgage_broker', ['hamilton', 'auckland'], { businessName: 'Harbour Mortgages' }) };
  const v = await client(t.app).register('valuer@example.nz', undefined, 'Mere', 'Smith');
  valuer = { id: v.id, partnerId: await makePartner(t.stores, v.id, 'registered_valuer', ['auckland'], { businessName: 'Kauri Valuers' }) };
});
afterAll(() => t.close());

describe('GET /api/partners/location/:locationId', () => {
  it('lists the verified partners serving a location, in one role or all', async () => {
    const all = await t.app.inject({ url: '/api/partners/location/auckland' });
    expect(all.statusCode).toBe(200);
    expect(all.json().map((p: { businessName: string }) => p.businessName)).toEqual(['Harbour Mortgages', 'Kauri Valuers']);
    const brokers = (await t.app.inject({ url: '/api/partners/location/auckland?roleId=mortgage_broker' })).json();
    expect(brokers).toHaveLength(1);
    expect(brokers[0]).toMatchObject({
      id: broker.partnerId,
      roleId: 'mortgage_broker',
      roleName: 'Mortgage Broker',
      role: { id: 'mortgage_broker', name: 'Mortgage Broker' },
      locations: [
        { id: 'auckland', cityName: 'Auckland', region: 'Auckland' },
        { id: 'hamilton', cityName: 'Hamilton', region: 'Waikato' },
      ],
      user: { firstName: 'Hemi', lastName: 'Walker', profileImageUrl: null },
    });
    expect((await t.app.inject({ url: '/api/partners/location/hamilton?roleId=registered_valuer' })).json()).toEqual([]);
    expect((await t.app.inject({ url: '/api/partners/location/hamilton?roleId=' })).json()).toHaveLength(1);
  });

  it('answers the demo flag: true for a demo seed partner, false for one approved through the routes', async () => {
    const d = await client(t.app).register('demo.broker@example.nz');
    const demoId = await makePartner(t.stores, d.id, 'mortgage_broker', ['nelson'], { businessName: 'Demo Mortgages' }, { demo: true });
    const v = await client(t.app).register('nelson.valuer@example.nz');
    const realId = await makePartner(t.stores, v.id, 'registered_valuer', ['nelson'], { businessName: 'Nelson Valuers' });
    const listed = (await t.app.inject({ url: '/api/partners/location/nelson' })).json() as { id: string; demo: boolean }[];
    expect(listed.map((p) => [p.id, p.demo]).sort()).toEqual([
      [demoId, true],
      [realId, false],
    ].sort());
  });

  it('answers 404 for an unknown location and 400 for a bad role', async () => {
    const unknown = await t.app.inject({ url: '/api/partners/location/atlantis' });
    expect([unknown.statusCode, unknown.json()]).toEqual([404, { message: 'Location not found' }]);
    const bad = await t.app.inject({ url: '/api/partners/location/auckland?roleId=admin' });
    expect([bad.statusCode, bad.json().message]).toEqual([400, 'Invalid query: Please select a partner role']);
  });

  it('hides a partner whose user no longer holds the role', async () => {
    const c = client(t.app);
    const gone = await c.register('gone@example.nz');
    await makePartner(t.stores, gone.id, 'property_manager', ['gore'], { businessName: 'Gone Managers' });
    expect((await t.app.inject({ url: '/api/partners/location/gore' })).json()).toHaveLength(1);
    await revokeRole(t.stores, gone.id, ['general']);
    expect((await t.app.inject({ url: '/api/partners/location/gore' })).json()).toEqual([]);
  });
});

describe('POST /api/partners/:id/contact (a premium partner dialog)', () => {
  const message = { name: 'Tama Visitor', email: 'tama@example.nz', phone: '021 123 4567', message: 'Please call me about a valuation.' };

  it('records a signed-out visitor’s message as a general inquiry in the partner’s first location, creating no account', async () => {
    const visitor = client(t.app, { remoteAddress: '10.1.0.1' });
    const res = await visitor.post(`/api/partners/${broker.partnerId}/contact`, message);
    expect(res.statusCode).toBe(201);
    expect(visitor.cookie).toBeUndefined();
    const partner = client(t.app);
    await partner.post('/api/auth/login', { email: 'broker@example.nz', password: 'correct horse battery' });
    const lead = (await partner.get('/api/partner-leads')).json().find((l: { id: string }) => l.id === res.json().id);
    expect(lead).toMatchObject({ userId: null, serviceType: 'ad_inquiry', locationId: 'auckland', contactName: 'Tama Visitor', contactEmail: 'tama@example.nz', contactPhone: '021 123 4567', leadStatus: 'new' });
    const login = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'tama@example.nz', password: 'whatever password' } });
    expect(login.statusCode).toBe(401);
  });

  it('carries the account of a signed-in sender', async () => {
    const c = client(t.app, { remoteAddress: '10.1.0.2' });
    const me = await c.register('signed-in-sender@example.nz');
    const res = await c.post(`/api/partners/${valuer.partnerId}/contact`, message);
    expect(res.statusCode).toBe(201);
    const mine = (await c.get('/api/my-messages')).json();
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ id: res.json().id, userId: me.id, serviceType: 'ad_inquiry', partner: { id: valuer.partnerId, businessName: 'Kauri Valuers', roleId: 'registered_valuer', roleName: 'Registered Valuer' } });
  });

  it('answers 400 with the form messages, and 404 for an unknown partner', async () => {
    const c = client(t.app, { remoteAddress: '10.1.0.3' });
    const blank = await c.post(`/api/partners/${broker.partnerId}/contact`, { ...message, name: ' ' });
    expect([blank.statusCode, blank.json().message]).toEqual([400, 'Invalid body: Please fill in all required fields.']);
    const email = await c.post(`/api/partners/${broker.partnerId}/contact`, { ...message, email: 'nope' });
    expect([email.statusCode, email.json().message]).toEqual([400, 'Invalid body: Please enter a valid email address']);
    const unknown = await c.post('/api/partners/no-such-partner/contact', message);
    expect([unknown.statusCode, unknown.json()]).toEqual([404, { message: 'This professional is no longer available.' }]);
  });

  it('limits each address to 5 messages per 10 minutes, then 429 with Retry-After', async () => {
    const c = client(t.app, { remoteAddress: '10.1.0.9' });
    for (let i = 0; i < 5; i++) expect((await c.post(`/api/partners/${broker.partnerId}/contact`, message)).statusCode).toBe(201);
    const refused = await c.post(`/api/partners/${broker.partnerId}/contact`, message);
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.json().message).toMatch(/^Too many requests\. Please wait \d+ seconds and try again\.$/);
    // Another address is not held back by this one.
    expect((await client(t.app, { remoteAddress: '10.1.0.10' }).post(`/api/partners/${broker.partnerId}/contact`, message)).statusCode).toBe(201);
  });

  it('refuses a message sent from another site', async () => {
    const res = await client(t.app, { remoteAddress: '10.1.0.11' }).post(`/api/partners/${broker.partnerId}/contact`, message, { origin: 'https://evil.example' });
    expect(res.statusCode).toBe(403);
  });
});

describe('POST /api/partner-contacts', () => {
  it('sends a signed-in client’s message with the partner role’s service and the account’s name and email', async () => {
    const c = client(t.app);
    const me = await c.register('owner1@example.nz', undefined, 'Aroha', 'Ngata');
    const propertyId = await makeProperty(t.stores, me.id, '12 Victoria Street', 'Auckland');
    const res = await c.post('/api/partner-contacts', { partnerId: broker.partnerId, message: 'Kia ora, help with a loan?', propertyId });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      userId: me.id,
      partnerId: broker.partnerId,
      propertyId,
      locationId: 'auckland',
      requestMessage: 'Kia ora, help with a loan?',
      leadStatus: 'new',
      contactName: 'Aroha Ngata',
      contactEmail: 'owner1@example.nz',
      serviceType: 'mortgage',
      partnerResponse: null,
    });
    // Without a property: the partner's first location.
    const plain = await c.post('/api/partner-contacts', { partnerId: broker.partnerId, message: 'Another question' });
    expect(plain.json()).toMatchObject({ propertyId: null, locationId: 'auckland' });
  });

  it('answers the same request for a retried Idempotency-Key', async () => {
    const c = client(t.app);
    await c.register('owner2@example.nz');
    const headers = { 'idempotency-key': 'contact-retry-0001' };
    const first = await c.post('/api/partner-contacts', { partnerId: broker.partnerId, message: 'Once only' }, headers);
    const again = await c.post('/api/partner-contacts', { partnerId: broker.partnerId, message: 'Once only' }, headers);
    expect([first.statusCode, again.statusCode]).toEqual([201, 201]);
    expect(again.json().id).toBe(first.json().id);
    expect((await c.get('/api/my-messages')).json()).toHaveLength(1);
  });

  it('refuses: 401 signed out, 400 blank or to oneself, 404 another’s property or an unavailable partner', async () => {
    const out = await t.app.inject({ method: 'POST', url: '/api/partner-contacts', payload: { partnerId: broker.partnerId, message: 'Hi' } });
    expect([out.statusCode, out.json()]).toEqual([401, { message: 'Please sign in to continue.' }]);
    const c = client(t.app);
    await c.register('owner3@example.nz');
    const blank = await c.post('/api/partner-contacts', { partnerId: broker.partnerId, message: '  ' });
    expect([blank.statusCode, blank.json().message]).toEqual([400, 'Invalid body: Please write a message']);
    const other = await client(t.app).register('owner4@example.nz');
    const theirs = await makeProperty(t.stores, other.id, '1 Other Road', 'Auckland');
    const foreign = await c.post('/api/partner-contacts', { partnerId: broker.partnerId, message: 'Hi', propertyId: theirs });
    expect([foreign.statusCode, foreign.json()]).toEqual([404, { message: 'Property not found.' }]);
    const unknown = await c.post('/api/partner-contacts', { partnerId: 'nobody', message: 'Hi' });
    expect([unknown.statusCode, unknown.json()]).toEqual([404, { message: 'This professional is no longer available.' }]);
    const self = client(t.app);
    await self.post('/api/auth/login', { email: 'broker@example.nz', password: 'correct horse battery' });
    const toSelf = await self.post('/api/partner-contacts', { partnerId: broker.partnerId, message: 'Hi me' });
    expect([toSelf.statusCode, toSelf.json().message]).toEqual([400, 'You cannot send a request to yourself.']);
  });
});

describe('POST /api/partner-leads', () => {
  it('records a service request with the chosen service and the property location', async () => {
    const c = client(t.app);
    await c.register('owner5@example.nz', undefined, 'Rawiri', 'Tane');
    const byLabel = await c.post('/api/partner-leads', { partnerId: valuer.partnerId, serviceType: 'Registered Valuer', requestMessage: 'Need a valuation', propertyLocation: 'Whangārei, Northland' });
    expect(byLabel.statusCode).toBe(201);
    expect(byLabel.json()).toMatchObject({ serviceType: 'valuation', locationId: 'whangarei', contactName: 'Rawiri Tane', leadStatus: 'new' });
    const general = await c.post('/api/partner-leads', { partnerId: valuer.partnerId, serviceType: 'General Enquiry', requestMessage: 'A question', propertyLocation: 'auckland' });
    expect(general.json()).toMatchObject({ serviceType: 'ad_inquiry', locationId: 'auckland' });
  });

  it('answers 400 with the form messages and 401 signed out', async () => {
    const c = client(t.app);
    await c.register('owner6@example.nz');
    const body = { partnerId: valuer.partnerId, serviceType: 'Registered Valuer', requestMessage: 'Need a valuation', propertyLocation: 'Auckland' };
    const service = await c.post('/api/partner-leads', { ...body, serviceType: 'admin' });
    expect([service.statusCode, service.json().message]).toEqual([400, 'Please select a service type']);
    const place = await c.post('/api/partner-leads', { ...body, propertyLocation: 'Atlantis' });
    expect([place.statusCode, place.json().message]).toEqual([400, 'Please choose the property location']);
    const text = await c.post('/api/partner-leads', { ...body, requestMessage: '' });
    expect([text.statusCode, text.json().message]).toEqual([400, 'Invalid body: Please describe what you need']);
    expect((await t.app.inject({ method: 'POST', url: '/api/partner-leads', payload: body })).statusCode).toBe(401);
  });
});

describe('leads worth paying for: one lead per sender and partner, and the senders’ limits', () => {
  const receivedOf = async (leadId: string) => (await t.stores.eventStore.readStream(`partnerLead-${leadId}`)).map((e) => e.data as { repeatOf?: string });
  const tooManyFromAccount = /^You have sent too many messages to professionals in the last hour\. Please wait \d+ minutes? and try again\.$/;
  const tooManyFromAddress = /^Too many messages to professionals have come from your network in the last hour\. Please wait \d+ minutes? and try again\.$/;

  it('answers the same message again with the first request, and records another message within the month as a repeat of it', async () => {
    const c = client(t.app, { remoteAddress: '10.2.0.1' });
    await c.register('window@example.nz');
    const first = (await c.post('/api/partner-contacts', { partnerId: valuer.partnerId, message: 'Can you value our bach?' })).json();
    const again = await c.post('/api/partner-leads', { partnerId: valuer.partnerId, serviceType: 'Registered Valuer', requestMessage: '  can you value our BACH? ', propertyLocation: 'Auckland' });
    expect([again.statusCode, again.json().id]).toEqual([201, first.id]);
    const other = (await c.post('/api/partners/' + valuer.partnerId + '/contact', { name: 'Aroha', email: 'window@example.nz', message: 'It is in Raglan.' })).json();
    expect(other.id).not.toBe(first.id);
    expect(await receivedOf(first.id)).toEqual([expect.not.objectContaining({ repeatOf: expect.anything() })]);
    expect(await receivedOf(other.id)).toEqual([expect.objectContaining({ repeatOf: first.id })]);
    // Another partner is another window.
    const elsewhere = (await c.post('/api/partner-contacts', { partnerId: broker.partnerId, message: 'Can you value our bach?' })).json();
    expect(await receivedOf(elsewhere.id)).toEqual([expect.not.objectContaining({ repeatOf: expect.anything() })]);
    expect((await c.get('/api/my-messages')).json().map((m: { id: string }) => m.id).sort()).toEqual([first.id, other.id, elsewhere.id].sort());
  });

  it('keeps a window opened under its old unkeyed name, and names a new window by a keyed digest', async () => {
    const c = client(t.app, { remoteAddress: '10.2.0.2' });
    const me = await c.register('legacy-window@example.nz');
    // A window opened a day ago, when windows had unkeyed names, by a lead of this sender.
    const at = new Date(Date.now() - 86_400_000).toISOString();
    const sender = { userId: me.id, contactEmail: 'legacy-window@example.nz', partnerId: valuer.partnerId };
    const ctx = { idempotencyKey: 'legacy-window', metadata: { actorId: me.id, actorRoles: [], correlationId: 'legacy-window', causationId: null, occurredAt: at } };
    await handleCommand(t.stores.eventStore, leadWindowDecider, legacyLeadWindowNames.stream(sender), { type: 'ClaimLead', partnerId: valuer.partnerId, leadId: 'lead-before-keyed-names', messageDigest: legacyLeadWindowNames.message('Our first question'), at }, ctx);

    const next = (await c.post('/api/partner-contacts', { partnerId: valuer.partnerId, message: 'A second question' })).json();
    expect(await receivedOf(next.id)).toEqual([expect.objectContaining({ repeatOf: 'lead-before-keyed-names' })]);
    const keyed = keyedLeadWindowNames(await t.stores.personalKeys.visitorSecret());
    expect(await t.stores.eventStore.readStream(keyed.stream(sender))).toEqual([]);
    // To another partner: a new window, under its keyed name only.
    const other = (await c.post('/api/partner-contacts', { partnerId: broker.partnerId, message: 'A second question' })).json();
    const opened = await t.stores.eventStore.readStream(keyed.stream({ ...sender, partnerId: broker.partnerId }));
    expect(opened.map((e) => [e.type, (e.data as { leadId: string }).leadId])).toEqual([['LeadWindowOpened', other.id]]);
    expect(await t.stores.eventStore.readStream(legacyLeadWindowNames.stream({ ...sender, partnerId: broker.partnerId }))).toEqual([]);
  });

  it('limits each account to 10 requests an hour over the three routes, from any address', async () => {
    const c = client(t.app, { remoteAddress: '10.2.1.1' });
    await c.register('busy-account@example.nz');
    const send = (i: number) => {
      const from = client(t.app, { remoteAddress: `10.2.1.${i + 2}` });
      from.cookie = c.cookie;
      if (i % 3 === 0) return from.post('/api/partner-contacts', { partnerId: broker.partnerId, message: `Question ${i}` });
      if (i % 3 === 1) return from.post('/api/partner-leads', { partnerId: broker.partnerId, serviceType: 'Mortgage Broker', requestMessage: `Question ${i}`, propertyLocation: 'Auckland' });
      return from.post(`/api/partners/${broker.partnerId}/contact`, { name: 'Busy', email: 'busy-account@example.nz', message: `Question ${i}` });
    };
    for (let i = 0; i < 10; i++) expect((await send(i)).statusCode).toBe(201);
    const refused = await send(10);
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.json().message).toMatch(tooManyFromAccount);
    // Another account is not held back by this one.
    const other = client(t.app, { remoteAddress: '10.2.1.99' });
    await other.register('calm-account@example.nz');
    expect((await other.post('/api/partner-contacts', { partnerId: broker.partnerId, message: 'Just one' })).statusCode).toBe(201);
  });

  it('limits each address (an IPv6 client by its /64) to 30 requests an hour over the three routes, whoever sends them', async () => {
    const inBlock = (n: number) => `2001:db8:48:3::${n.toString(16)}`;
    const member = async (n: number) => {
      const c = client(t.app, { remoteAddress: inBlock(n) });
      await c.register(`block${n}@example.nz`);
      return c;
    };
    // Three accounts (ten each, their own limit), every request from another address of the block.
    const senders = [await member(1), await member(2), await member(3)];
    for (let i = 0; i < 30; i++) {
      const from = client(t.app, { remoteAddress: inBlock(100 + i) });
      from.cookie = senders[i % 3]!.cookie;
      expect((await from.post('/api/partner-contacts', { partnerId: valuer.partnerId, message: `From the block ${i}` })).statusCode).toBe(201);
    }
    const newcomer = await member(4);
    const refused = await newcomer.post('/api/partner-contacts', { partnerId: valuer.partnerId, message: 'One more' });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toMatch(tooManyFromAddress);
    // Another /64 is another address.
    const outside = client(t.app, { remoteAddress: '2001:db8:48:4::1' });
    outside.cookie = newcomer.cookie;
    expect((await outside.post('/api/partner-contacts', { partnerId: valuer.partnerId, message: 'One more' })).statusCode).toBe(201);
  });

  it('limits the signed-out messages one partner receives to 20 an hour, then asks the visitor to wait or sign in', async () => {
    const d = await client(t.app).register('popular@example.nz');
    const partnerId = await makePartner(t.stores, d.id, 'registered_valuer', ['tauranga'], { businessName: 'Popular Valuers' });
    const visitor = (i: number) => client(t.app, { remoteAddress: `10.2.2.${i}` }).post(`/api/partners/${partnerId}/contact`, { name: `Visitor ${i}`, email: `visitor${i}@example.nz`, message: `Hello from visitor ${i}` });
    for (let i = 1; i <= 20; i++) expect((await visitor(i)).statusCode).toBe(201);
    const refused = await visitor(21);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toMatch(/^This professional has received a lot of messages in the last hour\. Please try again in \d+ minutes?, or sign in and send it from your account\.$/);
    // A signed-in sender is counted by their account, not by the partner's signed-out messages.
    const member = client(t.app, { remoteAddress: '10.2.2.100' });
    await member.register('member@example.nz');
    expect((await member.post(`/api/partners/${partnerId}/contact`, { name: 'Member', email: 'member@example.nz', message: 'Hello' })).statusCode).toBe(201);
  });
});

describe('GET /api/my-messages', () => {
  it('shows only the caller’s own requests, newest first; 401 signed out', async () => {
    const a = client(t.app);
    await a.register('mine-a@example.nz');
    const b = client(t.app);
    await b.register('mine-b@example.nz');
    await a.post('/api/partner-contacts', { partnerId: broker.partnerId, message: 'A first' });
    await b.post('/api/partner-contacts', { partnerId: broker.partnerId, message: 'B only' });
    await a.post('/api/partner-contacts', { partnerId: valuer.partnerId, message: 'A second' });
    expect((await a.get('/api/my-messages')).json().map((m: { requestMessage: string }) => m.requestMessage)).toEqual(['A second', 'A first']);
    expect((await b.get('/api/my-messages')).json().map((m: { requestMessage: string }) => m.requestMessage)).toEqual(['B only']);
    expect((await t.app.inject({ url: '/api/my-messages' })).statusCode).toBe(401);
  });
});
