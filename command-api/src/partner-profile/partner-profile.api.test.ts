import { handleCommand, waitForProjection } from '@kainga/platform';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userDecider, userStream } from '../accounts/user';
import { partnerStream } from '../partners/partner';
import { SESSION_COOKIE } from '../plugins/sessions';
import { client, makePartner, sampleProfile, startTestApp, type TestApp } from '../testing/test-app';
import { postImage, solidImage } from '../uploads/testing';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const put = (cookie: string | undefined, body: unknown) =>
  t.app.inject({ method: 'PUT', url: '/api/partner/profile', payload: body as object, cookies: cookie ? { [SESSION_COOKIE]: cookie } : {} });

/** A registered user made a partner in `role`, signed in. */
async function partner(email: string, role: 'mortgage_broker' | 'registered_valuer' | 'property_manager' = 'mortgage_broker') {
  const c = client(t.app);
  const me = await c.register(email, undefined, 'Aroha', 'Ngata');
  const partnerId = await makePartner(t.stores, me.id, role);
  return { c, me, partnerId, cookie: c.cookie! };
}

const update = {
  role: 'mortgage_broker',
  firstName: 'Mere',
  lastName: 'Parata',
  businessName: 'Parata Home Loans',
  contactEmail: 'mere@parata.example.nz',
  licenseNumber: 'FSP999',
  contactPhone: '021 555 0199',
  businessDescription: 'First homes and refinancing across Tāmaki Makaurau.',
  bio: 'Twenty years in lending.',
  experienceYears: 20,
  officeSize: 3,
  videoLink: 'https://www.youtube.com/watch?v=abc',
  profileImage: null,
  companyImage: null,
};

describe('GET /api/partner/profile', () => {
  it("answers the account's name and email and the role's partner profile", async () => {
    const { c, me } = await partner('broker-get@example.nz');
    const res = await c.get('/api/partner/profile?role=mortgage_broker');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ user: { firstName: 'Aroha', lastName: 'Ngata', email: me.email, profileImageUrl: null }, partnerData: sampleProfile });
    // One partner role: the role may be left out.
    expect((await c.get('/api/partner/profile')).json()).toEqual(res.json());
  });

  it("answers 403 'Partner Access Required' to a general user, and to a role the user does not hold", async () => {
    const c = client(t.app);
    await c.register('general@example.nz');
    for (const url of ['/api/partner/profile', '/api/partner/profile?role=mortgage_broker']) {
      const res = await c.get(url);
      expect([res.statusCode, res.json()]).toEqual([403, { message: 'Partner Access Required' }]);
    }
    const { c: broker } = await partner('broker-only@example.nz');
    const res = await broker.get('/api/partner/profile?role=property_manager');
    expect([res.statusCode, res.json()]).toEqual([403, { message: 'Partner Access Required' }]);
  });

  it('asks a partner in several roles to choose one, and keeps each role its own profile', async () => {
    const { c, me } = await partner('two-roles@example.nz', 'mortgage_broker');
    await makePartner(t.stores, me.id, 'property_manager', ['auckland'], { businessName: 'Ngata Rentals' });
    const res = await c.get('/api/partner/profile');
    expect([res.statusCode, res.json()]).toEqual([400, { message: 'Please choose your active partner role.' }]);
    expect((await c.get('/api/partner/profile?role=property_manager')).json().partnerData.businessName).toBe('Ngata Rentals');
    expect((await c.get('/api/partner/profile?role=mortgage_broker')).json().partnerData.businessName).toBe('Harbour Mortgages');
  });

  it('answers 403 once an admin has taken the role away', async () => {
    const { c, me } = await partner('demoted@example.nz');
    const { stores } = t;
    const meta = { actorId: 'test-admin', actorRoles: ['admin' as const], correlationId: randomUUID(), causationId: null, occurredAt: new Date().toISOString() };
    const changed = await handleCommand(stores.eventStore, userDecider, userStream(me.id), { type: 'ChangeRoles', roles: ['general'], by: 'test-admin', at: meta.occurredAt }, { idempotencyKey: randomUUID(), metadata: meta });
    await waitForProjection(stores.readStore, 'users', changed.position);
    const res = await c.get('/api/partner/profile');
    expect([res.statusCode, res.json()]).toEqual([403, { message: 'Partner Access Required' }]);
  });

  it('answers 401 signed out', async () => {
    const res = await client(t.app).get('/api/partner/profile');
    expect([res.statusCode, res.json()]).toEqual([401, { message: 'Please sign in to continue.' }]);
  });
});

describe('PUT /api/partner/profile', () => {
  it('updates the profile and the name, keeps the email, and the next GET sees it', async () => {
    const { c, me, partnerId, cookie } = await partner('broker-put@example.nz');
    const image = (await postImage(t.app, '/api/upload/profile-image', cookie, { field: 'profileImage', filename: 'me.jpg', contentType: 'image/jpeg', bytes: await solidImage('jpeg') })).json().filePath as string;
    const logo = (await postImage(t.app, '/api/upload/company-image', cookie, { field: 'companyImage', filename: 'logo.png', contentType: 'image/png', bytes: await solidImage('png') })).json().filePath as string;

    const res = await put(cookie, { ...update, profileImage: image, companyImage: logo });
    expect(res.statusCode).toBe(200);
    const { role: _role, firstName, lastName, ...partnerData } = { ...update, profileImage: image, companyImage: logo };
    const expected = { user: { firstName, lastName, email: me.email, profileImageUrl: null }, partnerData };
    expect(res.json()).toEqual(expected);
    expect((await c.get('/api/partner/profile')).json()).toEqual(expected);
    expect((await c.get('/api/auth/user')).json()).toMatchObject({ firstName: 'Mere', lastName: 'Parata', email: me.email });
    const events = (await t.stores.eventStore.readStream(partnerStream(partnerId))).map((e) => e.type);
    expect(events.at(-1)).toBe('PartnerProfileUpdated');

    // The same profile again records nothing new; images already on it need no new upload.
    expect((await put(cookie, { ...update, profileImage: image, companyImage: logo })).statusCode).toBe(200);
    expect(await t.stores.eventStore.readStream(partnerStream(partnerId))).toHaveLength(events.length);
  });

  it('clears optional fields given empty', async () => {
    const { c, cookie } = await partner('broker-clear@example.nz');
    const res = await put(cookie, { ...update, licenseNumber: '', contactPhone: null, bio: '', videoLink: '', experienceYears: null, officeSize: null });
    expect(res.statusCode).toBe(200);
    expect((await c.get('/api/partner/profile')).json().partnerData).toMatchObject({ licenseNumber: null, contactPhone: null, bio: null, videoLink: null, experienceYears: null, officeSize: null });
  });

  it("answers the spec's messages for bad input, and records nothing", async () => {
    const { cookie, partnerId } = await partner('broker-bad@example.nz');
    const before = await t.stores.eventStore.readStream(partnerStream(partnerId));
    const res = await put(cookie, { ...update, firstName: ' ', lastName: '', businessName: '', contactEmail: 'nope', experienceYears: 51, officeSize: 0, videoLink: 'youtube' });
    expect(res.statusCode).toBe(400);
    expect(res.json().issues.map((i: { message: string }) => i.message)).toEqual([
      'First name is required',
      'Last name is required',
      'Business name is required',
      'Valid email required',
      'Experience cannot exceed 50 years',
      'Office size must be at least 1 person',
      'Valid URL required',
    ]);
    expect((await put(cookie, { ...update, experienceYears: 2.5 })).json().issues[0].message).toBe('Experience must be a whole number of years');
    expect((await put(cookie, { ...update, officeSize: 1001 })).json().issues[0].message).toBe('Office size cannot exceed 1000 people');
    expect(await t.stores.eventStore.readStream(partnerStream(partnerId))).toEqual(before);
  });

  it("refuses an image path that was never uploaded: 'Please upload the image again.'", async () => {
    const { cookie, partnerId } = await partner('broker-ghost@example.nz');
    const before = await t.stores.eventStore.readStream(partnerStream(partnerId));
    for (const field of ['profileImage', 'companyImage']) {
      const res = await put(cookie, { ...update, [field]: `/api/uploads/${field === 'profileImage' ? 'profile' : 'company'}-images/00000000-0000-4000-8000-000000000000.jpg` });
      expect([res.statusCode, res.json()]).toEqual([400, { message: 'Please upload the image again.' }]);
    }
    expect(await t.stores.eventStore.readStream(partnerStream(partnerId))).toEqual(before);
  });

  it("answers 403 'Partner Access Required' to a general user and for a role not held", async () => {
    const c = client(t.app);
    await c.register('general-put@example.nz');
    const res = await put(c.cookie, update);
    expect([res.statusCode, res.json()]).toEqual([403, { message: 'Partner Access Required' }]);
    const { cookie } = await partner('valuer-put@example.nz', 'registered_valuer');
    const other = await put(cookie, update);
    expect([other.statusCode, other.json()]).toEqual([403, { message: 'Partner Access Required' }]);
  });

  it('answers 401 signed out', async () => {
    const res = await put(undefined, update);
    expect([res.statusCode, res.json()]).toEqual([401, { message: 'Please sign in to continue.' }]);
  });
});
