import { ERASURE_REASON_NAMES_PERSON, ERASURE_REASON_REQUIRED, ValuationRequest } from '@kainga/contracts';
import { waitForProjection } from '@kainga/platform';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userStream } from '../accounts/user';
import { makeProperty } from '../leads/test-fixtures';
import { SESSION_COOKIE } from '../plugins/sessions';
import { client, makePartner, registerAdmin, startTestApp, type TestApp } from '../testing/test-app';
import { postImage, solidImage } from '../uploads/testing';
import { FRESH_SIGN_IN_NEEDED, PASSWORD_NEEDED, WRONG_PASSWORD } from './account-deletion-routes';
import { ERASE_SELF_REFUSED } from './admin-erasure-routes';
import { APPLICANT_ERASED } from '../partners/applications';
import { ACCOUNT_ERASED } from '../accounts/erased-person';
import { receiveLead } from '../leads/receive-lead';
import { requestValuation } from '../valuations/valuation-commands';
import { randomUUID } from 'node:crypto';

const PASSWORD = 'correct horse battery';
let t: TestApp;
let admin: ReturnType<typeof client>;
const settle = async () => {
  const head = await t.stores.eventStore.headPosition();
  for (const name of ['users', 'partners', 'partner_leads', 'properties', 'audit_log']) await waitForProjection(t.stores.readStore, name, head);
};
const erasureOf = async (userId: string) => (await t.stores.eventStore.readStream(userStream(userId))).find((e) => e.type === 'PersonErased');

beforeAll(async () => {
  t = await startTestApp({ ADMIN_EMAILS: 'admin@erasure.example.nz' });
  admin = client(t.app);
  await registerAdmin(t, admin, 'admin@erasure.example.nz', PASSWORD);
});
afterAll(() => t.close());

describe('DELETE /api/profile', () => {
  it('asks who is deleting: signed in, with the account’s password', async () => {
    expect((await t.app.inject({ method: 'DELETE', url: '/api/profile' })).statusCode).toBe(401);
    const me = client(t.app);
    const { id } = await me.register('keeps@example.nz', PASSWORD, 'Kept', 'Person');
    const del = (body?: unknown) => t.app.inject({ method: 'DELETE', url: '/api/profile', payload: body as never, cookies: { [SESSION_COOKIE]: me.cookie! } });
    const without = await del({});
    expect([without.statusCode, without.json().message]).toEqual([400, PASSWORD_NEEDED]);
    const wrong = await del({ password: 'not the password' });
    expect([wrong.statusCode, wrong.json().message]).toEqual([403, WRONG_PASSWORD]);
    expect((await me.get('/api/auth/user')).json()).toMatchObject({ id, email: 'keeps@example.nz' });
    expect(await erasureOf(id)).toBeUndefined();
  });

  it('erases the account: the session ends, the password no longer signs in, the email registers anew', async () => {
    const me = client(t.app);
    const { id } = await me.register('leaving@example.nz', PASSWORD, 'Leaving', 'Person');
    const res = await t.app.inject({ method: 'DELETE', url: '/api/profile', payload: { password: PASSWORD }, cookies: { [SESSION_COOKIE]: me.cookie! } });
    expect(res.statusCode, res.body).toBe(204);
    expect(res.cookies.find((c) => c.name === SESSION_COOKIE)?.value ?? '').toBe('');
    expect((await me.get('/api/auth/user')).statusCode).toBe(401);
    expect((await client(t.app).post('/api/auth/login', { email: 'leaving@example.nz', password: PASSWORD })).statusCode).toBe(401);

    const erased = await erasureOf(id);
    expect(erased?.data).toMatchObject({ userId: id, requestedBy: 'self', by: id, reason: null });
    expect(JSON.stringify(erased?.data)).not.toContain('leaving@example.nz');

    const again = await client(t.app).register('leaving@example.nz', PASSWORD, 'Back', 'Again');
    expect(again.id).not.toBe(id);
    await settle();
    const users = (await admin.get('/api/admin/users?pageSize=100')).json() as { id: string }[] | { items: { id: string }[] };
    const ids = (Array.isArray(users) ? users : users.items).map((u) => u.id);
    expect(ids).toContain(again.id);
    expect(ids).not.toContain(id);
  });

  it('records nothing more for the account once its erasure is recorded, even from a request already past its session check', async () => {
    const me = client(t.app);
    const { id } = await me.register('in-flight@example.nz', PASSWORD, 'In', 'Flight');
    expect((await t.app.inject({ method: 'DELETE', url: '/api/profile', payload: { password: PASSWORD }, cookies: { [SESSION_COOKIE]: me.cookie! } })).statusCode).toBe(204);
    const metadata = { actorId: id, actorRoles: ['general' as const], correlationId: 'in-flight', causationId: null, occurredAt: new Date().toISOString() };
    const valuation = ValuationRequest.parse({ purpose: 'selling', address: '9 Late Street', suburb: 'Ponsonby', city: 'Auckland', floorArea: 120, bedrooms: 3 });
    await expect(requestValuation(t.stores.eventStore, { valuationId: randomUUID(), userId: id, request: valuation }, { idempotencyKey: 'in-flight-valuation', metadata })).rejects.toMatchObject({ kind: 'conflict', message: ACCOUNT_ERASED });
    const partnerId = await makePartner(t.stores, (await client(t.app).register('late.partner@example.nz', PASSWORD)).id, 'mortgage_broker', ['auckland']);
    const lead = { partnerId, userId: id, origin: 'partner_dialog' as const, serviceType: 'ad_inquiry' as const, propertyId: null, locationId: 'auckland', requestMessage: 'Sent as the erasure was recorded', contactName: 'In Flight', contactEmail: 'in-flight@example.nz', contactPhone: null };
    await expect(receiveLead(t.deps, lead, { idempotencyKey: 'in-flight-lead', keyed: true, metadata })).rejects.toMatchObject({ kind: 'conflict', message: ACCOUNT_ERASED });
    expect((await t.stores.eventStore.readAll()).filter((e) => JSON.stringify(e.data).includes(id) && e.type !== 'PersonErased' && e.metadata.occurredAt >= metadata.occurredAt)).toEqual([]);
  });

  it('asks an account without a password for a Google or GitHub sign-in of the last 10 minutes', async () => {
    const me = client(t.app);
    const { id } = await me.register('provider@example.nz', PASSWORD, 'Provider', 'Person');
    await t.stores.credentials.delete(id); // as an account made by a Google sign-in has none
    const del = () => t.app.inject({ method: 'DELETE', url: '/api/profile', cookies: { [SESSION_COOKIE]: me.cookie! } });
    const stale = await del();
    expect([stale.statusCode, stale.json().message]).toEqual([403, FRESH_SIGN_IN_NEEDED]);
    // The session as a Google sign-in just now leaves it.
    const sessions = t.stores.readStore.collection<{ _id: string; sess: Record<string, unknown>; expire: string }>('sessions');
    const [session] = await sessions.find({ 'sess.userId': id });
    await sessions.replaceOne({ _id: session!._id }, { ...session!, sess: { ...session!.sess, signInMethod: 'google', signedInAt: new Date().toISOString() } });
    expect((await del()).statusCode).toBe(204);
    expect(await erasureOf(id)).toBeDefined();
  });
});

describe('POST /api/admin/users/:userId/erase', () => {
  it('is for admins, with a reason, for an account that exists, and not for themselves', async () => {
    const someone = client(t.app);
    const { id } = await someone.register('someone@example.nz', PASSWORD);
    expect((await someone.post(`/api/admin/users/${id}/erase`, { reason: 'Because I can' })).statusCode).toBe(403);
    const noReason = await admin.post(`/api/admin/users/${id}/erase`, { reason: ' x ' });
    expect([noReason.statusCode, noReason.json().message]).toEqual([400, `Invalid body: ${ERASURE_REASON_REQUIRED}`]);
    expect((await admin.post('/api/admin/users/00000000-0000-4000-8000-000000000000/erase', { reason: 'Request by email on 1 Dec' })).statusCode).toBe(404);
    const me = (await admin.get('/api/auth/user')).json().id as string;
    const self = await admin.post(`/api/admin/users/${me}/erase`, { reason: 'Request by email on 1 Dec' });
    expect([self.statusCode, self.json().message]).toEqual([403, ERASE_SELF_REFUSED]);
    expect(await erasureOf(id)).toBeUndefined();
  });

  it('refuses a reason holding the person’s email address or full name: the reason outlives their details', async () => {
    const { id } = await client(t.app).register('aroha.reasonable@example.nz', PASSWORD, 'Aroha', 'Reasonable');
    for (const reason of ['Emailed from Aroha.Reasonable@example.nz on 1 Dec', 'Aroha   reasonable asked by phone']) {
      const res = await admin.post(`/api/admin/users/${id}/erase`, { reason });
      expect([res.statusCode, res.json().message], reason).toEqual([400, ERASURE_REASON_NAMES_PERSON]);
    }
    expect(await erasureOf(id)).toBeUndefined();
    expect((await admin.post(`/api/admin/users/${id}/erase`, { reason: 'Asked by phone, ticket 4413' })).statusCode).toBe(204);
  });

  it('erases a partner on request: reason and admin recorded, sessions ended, images deleted, subscription ended, off the directory', async () => {
    const partnerClient = client(t.app);
    const { id } = await partnerClient.register('hemi.partner@example.nz', PASSWORD, 'Hemi', 'Partnerson');
    const upload = await postImage(t.app, '/api/upload/company-image', partnerClient.cookie, { field: 'companyImage', filename: 'logo.png', contentType: 'image/png', bytes: await solidImage('png') });
    const companyImage = upload.json().filePath as string;
    const partnerId = await makePartner(t.stores, id, 'mortgage_broker', ['auckland'], { businessName: 'Partnerson Loans', contactEmail: 'loans@partnerson.nz', companyImage });
    const listed = async () => JSON.stringify((await client(t.app).get('/api/partners/location/auckland')).json());
    expect(await listed()).toContain('Partnerson Loans');
    const owner = client(t.app);
    const ownerId = (await owner.register('client.of.hemi@example.nz', PASSWORD)).id;
    await makeProperty(t.stores, ownerId, '3 Client Road', 'Auckland');
    expect((await owner.post('/api/partner-contacts', { partnerId, message: 'Hello Hemi' })).statusCode).toBe(201);

    const res = await admin.post(`/api/admin/users/${id}/erase`, { reason: 'Request by email, ticket 4411' });
    expect(res.statusCode, res.body).toBe(204);
    const erased = await erasureOf(id);
    expect(erased?.data).toMatchObject({ requestedBy: 'admin', reason: 'Request by email, ticket 4411', records: expect.objectContaining({ partnerIds: [partnerId], uploads: [companyImage] }) });
    expect(erased?.metadata.actorId).toBe((await admin.get('/api/auth/user')).json().id);
    expect((await partnerClient.get('/api/auth/user')).statusCode).toBe(401);
    expect((await client(t.app).get(companyImage)).statusCode).toBe(404);
    await settle();
    expect(await listed()).not.toContain('Partnerson Loans');
    // The client's own record of the request stays, without the partner's details.
    expect((await owner.get('/api/my-messages')).statusCode).toBe(200);
  });

  it('leaves an erased applicant’s pending application unapprovable', async () => {
    const applicant = client(t.app);
    const { id } = await applicant.register('applicant.erased@example.nz', PASSWORD);
    const form = { requestedRoleId: 'mortgage_broker', requestedLocationId: 'auckland', businessName: 'Erased Loans', contactEmail: 'hello@erased-loans.nz', experienceYears: 3, businessDescription: 'Home loans for first buyers.' };
    const applied = await applicant.post('/api/partner-applications', form);
    expect(applied.statusCode, applied.body).toBe(201);
    expect((await admin.post(`/api/admin/users/${id}/erase`, { reason: 'Request by phone, ticket 4412' })).statusCode).toBe(204);
    const approve = await admin.post(`/api/admin/partner-applications/${applied.json().id}/approve`);
    expect([approve.statusCode, approve.json().message]).toEqual([409, APPLICANT_ERASED]);
  });
});
