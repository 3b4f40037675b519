import { ERASURE_REASON_NAMES_PERSON, personalDataExportsStream, ValuationRequest } from '@kainga/contracts';
import { waitForProjection, type NewEvent } from '@kainga/platform';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { watchReads } from '../testing/store-reads';
import { client, makePartner, placeAdvert, registerAdmin, startTestApp, type TestApp } from '../testing/test-app';
import { postImage, solidImage } from '../uploads/testing';
import { requestValuation } from '../valuations/valuation-commands';
import { appendPaidLeads } from './bulk-leads';
import { jsonEntry, readZip } from './read-zip';

/**
 * GET /api/profile/export and GET /api/admin/users/:userId/export (issue 50): one zip of
 * everything held about a person, unzipped here and read file by file.
 */
let t: TestApp;
let owner: ReturnType<typeof client>;
let ownerId: string;
let partner: ReturnType<typeof client>;
let partnerUserId: string;
let partnerId: string;
let admin: ReturnType<typeof client>;
let stranger: ReturnType<typeof client>;
let strangerId: string;
let companyImage: string;
let adImage: string;

const OWNER_MESSAGE = 'Export test: could you call me about refinancing?';
const STRANGER_EMAIL = 'stranger@example.nz';
const LEADS = 1200;

beforeAll(async () => {
  t = await startTestApp({ ADMIN_EMAILS: 'boss@example.nz' });
  admin = client(t.app);
  await registerAdmin(t, admin, 'boss@example.nz');
  owner = client(t.app);
  ownerId = (await owner.register('owner@example.nz', undefined, 'Mere', 'Owner')).id;
  stranger = client(t.app);
  strangerId = (await stranger.register(STRANGER_EMAIL, undefined, 'Sam', 'Stranger')).id;
  partner = client(t.app);
  partnerUserId = (await partner.register('broker@example.nz', undefined, 'Bea', 'Broker')).id;

  // The partner's images, uploaded as the partner would.
  const upload = async (url: string, field: string) => {
    const res = await postImage(t.app, url, partner.cookie, { field, filename: 'a.png', contentType: 'image/png', bytes: await solidImage('png') });
    expect(res.statusCode).toBe(201);
    return (res.json() as { filePath: string }).filePath;
  };
  companyImage = await upload('/api/upload/company-image', 'companyImage');
  partnerId = await makePartner(t.stores, partnerUserId, 'mortgage_broker', ['auckland'], { companyImage, businessName: 'Export Test Mortgages' });
  adImage = await upload('/api/upload/ad-image', 'adImage');
  const { adContentId } = await placeAdvert(t.stores, { partnerId, userId: partnerUserId, role: 'mortgage_broker' });
  const revised: NewEvent = {
    id: randomUUID(),
    type: 'AdContentRevised',
    data: { adContentId, content: { title: 'Export test advert', description: 'Loans', imageUrl: adImage, ctaText: 'Learn More', ctaUrl: 'https://example.nz', targetRoles: ['general'] }, by: partnerUserId, at: new Date().toISOString() },
    metadata: { actorId: partnerUserId, actorRoles: ['mortgage_broker'], correlationId: randomUUID(), causationId: null, occurredAt: new Date().toISOString() },
  };
  const { position: advertAt } = await t.stores.eventStore.append(`adContent-${adContentId}`, [revised], { expectedRevision: 1 });
  await waitForProjection(t.stores.readStore, 'ad_content', advertAt);

  // The owner's valuation (and so a property), and a request to the partner.
  const metadata = { actorId: ownerId, actorRoles: ['general' as const], correlationId: randomUUID(), causationId: null, occurredAt: new Date().toISOString() };
  const valuationId = randomUUID();
  await requestValuation(t.stores.eventStore, { valuationId, userId: ownerId, request: ValuationRequest.parse({ purpose: 'selling', address: '7 Export Lane', suburb: 'Ponsonby', city: 'Auckland', floorArea: 140 }) }, { idempotencyKey: randomUUID(), metadata });
  const head = await t.stores.eventStore.headPosition();
  await waitForProjection(t.stores.readStore, 'valuations', head);
  await waitForProjection(t.stores.readStore, 'properties', head);
  const sent = await owner.post('/api/partner-contacts', { partnerId, message: OWNER_MESSAGE });
  expect(sent.statusCode).toBe(201);

  // Thousands of paid leads from strangers, appended straight to their streams.
  const subscription = (await t.stores.readStore.collection('ad_subscriptions').findOne({ partnerId }))!;
  const { position } = await appendPaidLeads(t.stores.eventStore, {
    partnerId,
    subscriptionId: subscription._id,
    count: LEADS,
    sender: (i) => ({ userId: i === 0 ? strangerId : null, name: `Sender ${i}`, email: i === 0 ? STRANGER_EMAIL : `sender${i}@example.nz`, phone: '021 555 0000' }),
  });
  await waitForProjection(t.stores.readStore, 'partner_leads', position, 30_000);
  await waitForProjection(t.stores.readStore, 'lead_charges', position, 30_000);
}, 120_000);
afterAll(() => t.close());

async function download(c: ReturnType<typeof client>, url = '/api/profile/export') {
  const res = await c.get(url);
  return { res, entries: res.statusCode === 200 ? await readZip(res.rawPayload) : new Map<string, Buffer>() };
}

describe('GET /api/profile/export', () => {
  it('answers 401 with the usual words to a signed-out visitor', async () => {
    const res = await client(t.app).get('/api/profile/export');
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: 'Please sign in to continue.' });
  });

  it('downloads a zip named for the day in New Zealand, never cached', async () => {
    const { res, entries } = await download(owner);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['cache-control']).toBe('no-store');
    const day = new Intl.DateTimeFormat('en-CA', { timeZone: 'Pacific/Auckland' }).format(new Date());
    expect(res.headers['content-disposition']).toBe(`attachment; filename="kainga-data-${day}.zip"`);
    expect([...entries.keys()]).toEqual(
      expect.arrayContaining(['README.txt', 'account.json', 'properties.json', 'valuations.json', 'messages-sent.json', 'partner-applications.json', 'history-your-actions.json', 'history-of-your-records.json']),
    );
    // A home owner has no partner files.
    expect(entries.has('leads-received.json')).toBe(false);
  });

  it('holds the owner’s account, home, valuation with its inputs, and the request they sent with the partner’s name', async () => {
    const { entries } = await download(owner);
    const account = jsonEntry<Record<string, unknown>>(entries, 'account.json');
    expect(account).toMatchObject({ id: ownerId, email: 'owner@example.nz', firstName: 'Mere', lastName: 'Owner', roles: ['general'], signsInWith: 'password', hasPassword: true });
    expect(JSON.stringify(account)).not.toMatch(/hash|nameKey/i);
    const [property] = jsonEntry<Record<string, unknown>[]>(entries, 'properties.json');
    expect(property).toMatchObject({ ownerId, address: '7 Export Lane', city: 'Auckland' });
    const [valuation] = jsonEntry<Record<string, unknown>[]>(entries, 'valuations.json');
    expect(valuation).toMatchObject({ userId: ownerId, purpose: 'selling', property: expect.objectContaining({ address: '7 Export Lane', floorArea: 140 }), conditionScores: expect.any(Object) });
    const messages = jsonEntry<Record<string, unknown>[]>(entries, 'messages-sent.json');
    expect(messages).toEqual([expect.objectContaining({ to: 'Export Test Mortgages', message: OWNER_MESSAGE, yourEmail: 'owner@example.nz', status: 'sent' })]);
    const actions = jsonEntry<{ type: string; by: string; data?: unknown }[]>(entries, 'history-your-actions.json');
    expect(actions.map((a) => a.type)).toEqual(expect.arrayContaining(['UserRegistered', 'ValuationRequested', 'PartnerLeadReceived']));
    expect(actions.every((a) => a.by === 'you')).toBe(true);
    const readme = entries.get('README.txt')!.toString('utf8');
    expect(readme).toContain('Mere Owner (owner@example.nz)');
    expect(readme).toContain('messages-sent.json');
    expect(readme).toMatch(/corrected, or your account and data erased/);
  });

  it('holds nothing of another person', async () => {
    const { entries } = await download(owner);
    const all = [...entries.values()].map((b) => b.toString('utf8')).join('\n');
    expect(all).not.toContain(STRANGER_EMAIL);
    expect(all).not.toContain(strangerId);
    expect(all).not.toContain('broker@example.nz');
    expect(all).not.toContain('Sender 1');
  });

  it('gives a partner their profile, images, advert, subscription, and every lead and charge, without the senders’ accounts', async () => {
    const { res, entries } = await download(partner);
    expect(res.statusCode).toBe(200);
    const [profile] = jsonEntry<Record<string, unknown>[]>(entries, 'partner-profiles.json');
    expect(profile).toMatchObject({ _id: partnerId, businessName: 'Export Test Mortgages', companyImage, locations: [expect.objectContaining({ locationId: 'auckland' })] });
    expect(jsonEntry<Record<string, unknown>[]>(entries, 'adverts.json')).toEqual([expect.objectContaining({ title: 'Export test advert', imageUrl: adImage })]);
    expect(jsonEntry<Record<string, unknown>[]>(entries, 'ad-subscriptions.json')).toEqual([expect.objectContaining({ partnerId, tier: 'gold' })]);
    const leads = jsonEntry<Record<string, unknown>[]>(entries, 'leads-received.json');
    // Every lead: the thousands appended and the owner's.
    expect(leads).toHaveLength(LEADS + 1);
    expect(leads.find((l) => l.message === OWNER_MESSAGE)).toMatchObject({ contactEmail: 'owner@example.nz', status: 'new' });
    expect(leads.every((l) => !('userId' in l) && !('propertyId' in l))).toBe(true);
    const charges = jsonEntry<Record<string, unknown>[]>(entries, 'lead-charges.json');
    expect(charges).toHaveLength(LEADS);
    expect(charges[0]).toMatchObject({ partnerId, amount: 25, status: 'succeeded' });
    // The uploaded images, byte for byte.
    for (const path of [companyImage, adImage]) {
      const key = path.replace('/api/uploads/', '');
      expect(entries.get(`images/${key}`)?.equals((await t.stores.blobStore.get(key))!.bytes), key).toBe(true);
    }
    expect(entries.get('README.txt')!.toString('utf8')).toContain(`${LEADS + 1} requests your business received`);
    // What others did on the partner's records: the admin's approval of the partner.
    const records = jsonEntry<{ type: string; by: string }[]>(entries, 'history-of-your-records.json');
    expect(records).toEqual(expect.arrayContaining([expect.objectContaining({ type: 'PartnerEnrolled', by: 'an administrator' })]));
  });

  it('reads each list through an index a page at a time, never a scan of a collection', async () => {
    const collections = ['users', 'partners', 'partner_locations', 'partner_applications', 'ad_subscriptions', 'ad_content', 'ad_plan_requests', 'coupon_redemptions', 'properties', 'valuations', 'partner_leads', 'lead_charges', 'audit_log'];
    const watched = collections.map((c) => [c, watchReads(t.stores.readStore, c)] as const);
    try {
      for (const c of [partner, owner]) expect((await c.get('/api/profile/export')).statusCode).toBe(200);
      expect(Object.fromEntries(watched.map(([c, w]) => [c, w.scans]))).toEqual(Object.fromEntries(collections.map((c) => [c, 0])));
      // The leads were walked on the partner's index, not on another.
      expect(Object.keys(watched.find(([c]) => c === 'partner_leads')![1].walked())).toEqual(expect.arrayContaining(['partnerId_1_createdAt_-1__id_1']));
    } finally {
      for (const [, w] of watched) w.restore();
    }
  });

  it('records each download as the person’s own export', async () => {
    const before = await t.stores.eventStore.readStream(personalDataExportsStream(strangerId));
    expect((await stranger.get('/api/profile/export')).statusCode).toBe(200);
    const after = await t.stores.eventStore.readStream(personalDataExportsStream(strangerId));
    expect(after).toHaveLength(before.length + 1);
    expect(after.at(-1)).toMatchObject({ type: 'PersonalDataExported', data: { userId: strangerId, by: strangerId, reason: null }, metadata: { actorId: strangerId } });
  });
});

describe('GET /api/admin/users/:userId/export', () => {
  const url = (userId: string, reason?: string) => `/api/admin/users/${userId}/export${reason === undefined ? '' : `?reason=${encodeURIComponent(reason)}`}`;
  const REASON = 'Access request from the person by email, 2 March';

  it('is for admins only: 401 signed out, 403 for anyone else', async () => {
    expect((await client(t.app).get(url(ownerId, REASON))).statusCode).toBe(401);
    const refused = await stranger.get(url(ownerId, REASON));
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ message: 'You do not have permission to do that.' });
    expect((await partner.get(url(ownerId, REASON))).statusCode).toBe(403);
  });

  it('needs a reason of 3 to 500 characters, and says so', async () => {
    for (const reason of [undefined, '', '  a ', 'x'.repeat(501)]) {
      const res = await admin.get(url(ownerId, reason));
      expect(res.statusCode, String(reason)).toBe(400);
      expect(res.json().message, String(reason)).toContain('Give a reason for exporting this person’s data (3 to 500 characters)');
    }
  });

  it('refuses a reason holding the person’s email address or full name: the record of the export outlives their details', async () => {
    const before = (await t.stores.eventStore.readStream(personalDataExportsStream(ownerId))).length;
    for (const reason of ['Asked by owner@example.nz', 'Request from Mere Owner by phone']) {
      const res = await admin.get(url(ownerId, reason));
      expect([res.statusCode, res.json().message], reason).toEqual([400, ERASURE_REASON_NAMES_PERSON]);
    }
    expect(await t.stores.eventStore.readStream(personalDataExportsStream(ownerId))).toHaveLength(before);
  });

  it('answers 404 for a person Kāinga does not know', async () => {
    const res = await admin.get(url('no-such-user', REASON));
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'User not found.' });
  });

  it('produces the person’s own archive and records who, whose and why in the history', async () => {
    const { res, entries } = await download(admin, url(ownerId, REASON));
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(jsonEntry(entries, 'account.json')).toMatchObject({ id: ownerId, email: 'owner@example.nz' });
    expect(jsonEntry<unknown[]>(entries, 'messages-sent.json')).toHaveLength(1);
    // Nothing of the admin's own account.
    expect([...entries.values()].map((b) => b.toString('utf8')).join('\n')).not.toContain('boss@example.nz');
    expect(entries.get('README.txt')!.toString('utf8')).toContain('by a Kāinga administrator, at your request');

    const [recorded] = (await t.stores.eventStore.readStream(personalDataExportsStream(ownerId))).filter((e) => (e.data as { reason: string | null }).reason === REASON);
    const adminId = (await admin.get('/api/auth/user')).json().id as string;
    expect(recorded).toMatchObject({ type: 'PersonalDataExported', data: { userId: ownerId, by: adminId, reason: REASON }, metadata: { actorId: adminId, actorRoles: expect.arrayContaining(['admin']) } });
    // In the admin's history too (the audit read model has every domain event).
    await waitForProjection(t.stores.readStore, 'audit_log', recorded!.position);
    const history = await admin.get(`/api/admin/events?stream=${encodeURIComponent(personalDataExportsStream(ownerId))}`);
    expect(history.statusCode).toBe(200);
    expect(JSON.stringify(history.json())).toContain(REASON);
  });
});
