import { handleCommand, readOutbox } from '@kainga/platform';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashToken } from '../accounts/admin-email';
import { invitationDecider, invitationStream } from '../accounts/invitation';
import { CreatePartnerRequest } from '@kainga/contracts';
import { client, registerAdmin, startTestApp, type TestApp } from '../testing/test-app';
import { createPartner } from './create-partner';

let t: TestApp;
let admin: ReturnType<typeof client>;
beforeAll(async () => {
  t = await startTestApp({ ADMIN_EMAILS: 'boss@example.nz', PUBLIC_URL: 'https://kainga.example' });
  admin = client(t.app);
  await registerAdmin(t, admin, 'boss@example.nz');
});
afterAll(() => t.close());

const body = (email: string) => ({
  email,
  firstName: 'Mere',
  lastName: 'Tāwhiri',
  roleId: 'registered_valuer',
  locationId: 'nelson',
  businessName: 'Tāwhiri Valuations',
  licenseNumber: 'RV-2231',
  experienceYears: 9,
});

/** The token of the newest invitation mailed to `email`, or null. */
async function invitationToken(email: string): Promise<string | null> {
  const mail = (await readOutbox(join(t.dataDir, 'outbox'))).filter((m) => m.to === email).at(-1);
  return (mail && /https:\/\/kainga\.example\/set-password\?token=([\w-]+)/.exec(mail.text)?.[1]) ?? null;
}
const mailsTo = async (email: string) => (await readOutbox(join(t.dataDir, 'outbox'))).filter((m) => m.to === email);

describe('create partner directly', () => {
  it('is for admins only, with the form’s messages', async () => {
    expect((await client(t.app).post('/api/admin/create-partner', body('x@example.nz'))).statusCode).toBe(401);
    const general = client(t.app);
    await general.register('general@example.nz');
    expect((await general.post('/api/admin/create-partner', body('x@example.nz'))).statusCode).toBe(403);
    expect((await general.get('/api/admin/partners')).statusCode).toBe(403);
    const bad = await admin.post('/api/admin/create-partner', { ...body('not-an-email'), firstName: '', roleId: 'admin', experienceYears: 2.5 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().issues.map((i: { message: string }) => i.message)).toEqual([
      'Please enter a valid email address',
      'First name is required',
      'Please select a partner role',
      'Experience must be a whole number',
    ]);
    const unknown = await admin.post('/api/admin/create-partner', { ...body('x@example.nz'), locationId: 'atlantis' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toEqual({ message: 'Unknown location "atlantis". Please choose a location from the list.' });
    expect((await admin.get('/api/admin/partners')).json()).toEqual([]);
  });

  it('attaches the partner to an existing account, without an invitation', async () => {
    const owner = client(t.app);
    const me = await owner.register('valuer@example.nz');
    const res = await admin.post('/api/admin/create-partner', body('Valuer@Example.nz'));
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({
      invited: false,
      partner: {
        id: expect.any(String),
        userId: me.id,
        roleId: 'registered_valuer',
        businessName: 'Tāwhiri Valuations',
        firstName: 'Aroha',
        lastName: 'Ngata',
        email: 'valuer@example.nz',
        status: 'active',
        locations: [{ id: 'nelson', cityName: 'Nelson' }],
        createdAt: expect.any(String),
        demo: false,
      },
    });
    expect(await mailsTo('valuer@example.nz')).toEqual([]);
    expect((await owner.get('/api/auth/user')).json().roles).toEqual(['general', 'registered_valuer']);
    expect((await owner.get('/api/my-roles')).json()).toMatchObject([{ roleId: 'registered_valuer', locationId: 'nelson', businessName: 'Tāwhiri Valuations', licenseNumber: 'RV-2231', experienceYears: 9, status: 'active' }]);
    expect((await admin.get('/api/admin/partners')).json().map((p: { email: string }) => p.email)).toContain('valuer@example.nz');

    const twice = await admin.post('/api/admin/create-partner', body('valuer@example.nz'));
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toEqual({ message: 'This account is already a Registered Valuer partner in this location.' });
  });

  it('lists a partner the demo seed created with demo: true, one created through the route with demo: false', async () => {
    const metadata = { actorId: 'system', actorRoles: [], correlationId: 'demo-test', causationId: null, occurredAt: new Date().toISOString() };
    const seeded = await createPartner(t.deps, CreatePartnerRequest.parse({ ...body('demo.valuer@example.nz'), locationId: 'gore' }), { idempotencyKey: 'demo-test-partner', metadata }, { demo: true });
    expect(seeded.partner.demo).toBe(true);
    const listed = (await admin.get('/api/admin/partners')).json() as { email: string; demo: boolean }[];
    expect(listed.find((p) => p.email === 'demo.valuer@example.nz')?.demo).toBe(true);
    expect(listed.find((p) => p.email === 'valuer@example.nz')?.demo).toBe(false);
  });

  it('creates an account for a new email and mails an invitation to set its password', async () => {
    const res = await admin.post('/api/admin/create-partner', body('new.valuer@example.nz'));
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ invited: true, partner: { email: 'new.valuer@example.nz', firstName: 'Mere', lastName: 'Tāwhiri', status: 'active' } });
    const token = await invitationToken('new.valuer@example.nz');
    expect(token).toMatch(/^[\w-]{43}$/);
    // No password yet: signing in cannot work.
    expect((await client(t.app).post('/api/auth/login', { email: 'new.valuer@example.nz', password: 'anything at all' })).statusCode).toBe(401);

    const person = client(t.app);
    const view = await person.get(`/api/auth/invitation?token=${token}`);
    expect(view.statusCode).toBe(200);
    expect(view.json()).toEqual({ email: 'new.valuer@example.nz', firstName: 'Mere', lastName: 'Tāwhiri' });

    const short = await person.post('/api/auth/invitation', { token, password: 'short' });
    expect(short.statusCode).toBe(400);
    expect(short.json().issues[0].message).toBe('Password must be at least 8 characters');

    const accepted = await person.post('/api/auth/invitation', { token, password: 'a long new password' });
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json()).toMatchObject({ email: 'new.valuer@example.nz', roles: ['general', 'registered_valuer'] });
    expect((await person.get('/api/auth/user')).json().email).toBe('new.valuer@example.nz'); // signed in
    expect((await person.get('/api/my-roles')).json()).toHaveLength(1);
    expect((await client(t.app).post('/api/auth/login', { email: 'new.valuer@example.nz', password: 'a long new password' })).statusCode).toBe(200);

    // Used: the link works once.
    const reused = await client(t.app).post('/api/auth/invitation', { token, password: 'someone elses password' });
    expect(reused.statusCode).toBe(400);
    expect(reused.json()).toEqual({ message: 'This invitation link has already been used. Sign in with your email and password.' });
    expect((await client(t.app).get(`/api/auth/invitation?token=${token}`)).statusCode).toBe(400);
  });

  it('sends a fresh invitation when an invited account never set its password', async () => {
    await admin.post('/api/admin/create-partner', body('slow@example.nz'));
    const res = await admin.post('/api/admin/create-partner', { ...body('slow@example.nz'), roleId: 'property_manager' });
    expect(res.statusCode).toBe(201);
    expect(res.json().invited).toBe(true);
    expect(await mailsTo('slow@example.nz')).toHaveLength(2);
  });

  it('refuses an unknown or expired invitation link', async () => {
    const unknown = await client(t.app).get(`/api/auth/invitation?token=${randomBytes(32).toString('base64url')}`);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toEqual({ message: 'This invitation link is not valid.' });
    const malformed = await client(t.app).get('/api/auth/invitation?token=abc');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().issues[0].message).toBe('This invitation link is not valid.');

    const created = (await admin.post('/api/admin/create-partner', body('late@example.nz'))).json();
    const token = randomBytes(32).toString('base64url');
    const sentAt = new Date(Date.now() - 8 * 24 * 60 * 60_000).toISOString();
    const metadata = { actorId: 'admin', actorRoles: [], correlationId: 'c', causationId: null, occurredAt: sentAt };
    await handleCommand(t.stores.eventStore, invitationDecider, invitationStream(hashToken(token)), { type: 'SendInvitation', tokenHash: hashToken(token), userId: created.partner.userId, by: 'admin', at: sentAt }, { idempotencyKey: 'old-invitation', metadata });
    const expired = await client(t.app).get(`/api/auth/invitation?token=${token}`);
    expect(expired.statusCode).toBe(400);
    expect(expired.json()).toEqual({ message: 'This invitation link has expired. Ask an administrator to send a new one.' });
    const accept = await client(t.app).post('/api/auth/invitation', { token, password: 'a long new password' });
    expect(accept.statusCode).toBe(400);
    expect(accept.json()).toEqual({ message: 'This invitation link has expired. Ask an administrator to send a new one.' });
  });
});
