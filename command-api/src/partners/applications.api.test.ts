import { handleCommand } from '@kainga/platform';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, registerAdmin, startTestApp, type TestApp } from '../testing/test-app';
import { applicationDecider, applicationStream } from './application';
import { ApplyApplicationRequest } from '@kainga/contracts';
import { loadUser } from '../plugins/actor';
import { completeApprovals, submitApplication } from './applications';

let t: TestApp;
let admin: ReturnType<typeof client>;
beforeAll(async () => {
  t = await startTestApp({ ADMIN_EMAILS: 'boss@example.nz' });
  admin = client(t.app);
  await registerAdmin(t, admin, 'boss@example.nz');
});
afterAll(() => t.close());

const applyForm = {
  requestedRoleId: 'mortgage_broker',
  requestedLocationId: 'auckland',
  businessName: 'Harbour Mortgages',
  contactEmail: 'hello@harbour.nz',
  experienceYears: 12,
  businessDescription: 'Home loans for first buyers.',
};
const enquiryForm = {
  businessName: 'Kauri Property Care',
  contactEmail: 'team@kauri.nz',
  contactPhone: '021 555 0101',
  experienceYears: 8,
  businessDescription: 'We look after rentals across the Waikato, from tenant checks to repairs and inspections.',
  requestedRoleId: 'property_manager',
  requestedLocationIds: ['hamilton', 'tauranga'],
  officeSize: 6,
  bio: 'Eight years managing rentals for busy owners, with a team of six who answer the phone and fix things quickly, every time.',
  videoLink: '',
};

async function applicant(email: string) {
  const c = client(t.app);
  const me = await c.register(email);
  return { c, me };
}
const list = async () => (await admin.get('/api/admin/partner-applications')).json() as { id: string; applicationStatus: string }[];

describe('partner applications', () => {
  it('needs a signed-in user to apply, and an admin for the admin routes', async () => {
    const anonymous = client(t.app);
    expect((await anonymous.post('/api/partner-applications', applyForm)).statusCode).toBe(401);
    expect((await anonymous.get('/api/admin/partner-applications')).statusCode).toBe(401);
    expect((await anonymous.get('/api/my-roles')).statusCode).toBe(401);
    const { c } = await applicant('plain@example.nz');
    for (const res of [
      await c.get('/api/admin/partner-applications'),
      await c.post('/api/admin/partner-applications/x/approve'),
      await c.post('/api/admin/partner-applications/x/reject', { reason: 'no' }),
    ]) {
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ message: 'You do not have permission to do that.' });
    }
  });

  it('answers each form with its own messages', async () => {
    const { c } = await applicant('forms@example.nz');
    const apply = await c.post('/api/partner-applications', { ...applyForm, businessName: 'H', contactEmail: 'nope', businessDescription: 'short' });
    expect(apply.statusCode).toBe(400);
    expect(apply.json().issues.map((i: { message: string }) => i.message)).toEqual(['Business name is required', 'Valid email is required', 'Please provide a business description']);
    expect((await c.post('/api/partner-applications', { ...applyForm, requestedLocationId: '' })).json().issues).toEqual([{ path: 'requestedLocationId', message: 'Location selection is required' }]);

    const enquiry = await c.post('/api/partner-applications', { ...enquiryForm, requestedLocationIds: [], contactPhone: '021', bio: 'Too short.', officeSize: 0, videoLink: 'not a url' });
    expect(enquiry.statusCode).toBe(400);
    expect(enquiry.json().issues.map((i: { message: string }) => i.message)).toEqual([
      'Please enter a valid phone number',
      'Please select at least one service location',
      'Office size must be at least 1 person',
      'Please provide at least 100 characters for your bio',
      'Please enter a valid URL',
    ]);
    expect(enquiry.json().message).toMatch(/^Invalid body: Please enter a valid phone number; /);
    // The required numbers left empty say they are required, not a range.
    const { experienceYears: _years, officeSize: _size, ...withoutNumbers } = enquiryForm;
    expect((await c.post('/api/partner-applications', withoutNumbers)).json().issues).toEqual([
      { path: 'experienceYears', message: 'Enter your years of experience' },
      { path: 'officeSize', message: 'Enter how many people work in your office' },
    ]);

    const unknown = await c.post('/api/partner-applications', { ...enquiryForm, requestedLocationIds: ['hamilton', 'atlantis'] });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toEqual({ message: 'Unknown location "atlantis". Please choose a location from the list.' });
    expect(await list()).toEqual([]); // nothing refused was recorded
  });

  it('records an application from either form, newest first with the applicant, one pending per role', async () => {
    const { c } = await applicant('kauri@example.nz');
    const res = await c.post('/api/partner-applications', enquiryForm);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      applicationStatus: 'pending',
      requestedRoleId: 'property_manager',
      requestedLocationId: 'hamilton',
      requestedLocationIds: ['hamilton', 'tauranga'],
      officeSize: 6,
      videoLink: null,
      adminNotes: null,
      applicant: { firstName: 'Aroha', lastName: 'Ngata', email: 'kauri@example.nz' },
    });
    const again = await c.post('/api/partner-applications', { ...enquiryForm, requestedLocationIds: ['rotorua'] });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: 'You already have an application for this role under review.' });
    const other = await c.post('/api/partner-applications', applyForm);
    expect(other.statusCode).toBe(201);
    expect(other.json()).toMatchObject({ requestedLocationIds: ['auckland'], bio: null, officeSize: null });
    const all = await list();
    expect(all.slice(0, 2).map((a) => a.id)).toEqual([other.json().id, res.json().id]);
  });

  it('answers a retried submission (same Idempotency-Key) with the same application', async () => {
    const { c } = await applicant('retry@example.nz');
    const headers = { 'idempotency-key': 'apply-retry-0001' };
    const first = await c.post('/api/partner-applications', applyForm, headers);
    const second = await c.post('/api/partner-applications', applyForm, headers);
    expect(first.statusCode).toBe(201);
    expect(second.statusCode).toBe(201);
    expect(second.json().id).toBe(first.json().id);
    expect((await list()).filter((a) => a.id === first.json().id)).toHaveLength(1);
  });

  it('approves once: the applicant becomes a partner in each location and holds the role', async () => {
    const { c, me } = await applicant('approve@example.nz');
    const { id } = (await c.post('/api/partner-applications', enquiryForm)).json();
    expect((await c.get('/api/my-roles')).json()).toEqual([]);

    const res = await admin.post(`/api/admin/partner-applications/${id}/approve`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id, applicationStatus: 'approved', reviewedBy: expect.any(String), demo: false });
    expect((await c.get('/api/auth/user')).json().roles).toEqual(['general', 'property_manager']);
    const roles = (await c.get('/api/my-roles')).json();
    expect(roles.map((r: { locationId: string; status: string; roleId: string; businessName: string }) => [r.roleId, r.locationId, r.businessName, r.status])).toEqual([
      ['property_manager', 'hamilton', 'Kauri Property Care', 'active'],
      ['property_manager', 'tauranga', 'Kauri Property Care', 'active'],
    ]);
    const partners = (await admin.get('/api/admin/partners')).json();
    expect(partners.find((p: { userId: string }) => p.userId === me.id)).toMatchObject({
      roleId: 'property_manager',
      businessName: 'Kauri Property Care',
      email: 'approve@example.nz',
      status: 'active',
      demo: false,
      locations: [
        { id: 'hamilton', cityName: 'Hamilton' },
        { id: 'tauranga', cityName: 'Tauranga' },
      ],
    });

    const twice = await admin.post(`/api/admin/partner-applications/${id}/approve`);
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toEqual({ message: 'This application has already been approved.' });
    expect((await c.get('/api/my-roles')).json()).toHaveLength(2);

    // The role taken away: my-roles still lists the locations, inactive.
    await admin.patch(`/api/admin/users/${me.id}/roles`, { roles: ['general'] });
    expect((await c.get('/api/my-roles')).json().map((r: { status: string }) => r.status)).toEqual(['inactive', 'inactive']);
  });

  it('carries the demo flag of a demo seed application to its partner; a body cannot set it', async () => {
    const { c, me } = await applicant('demo-apply@example.nz');
    const refused = await c.post('/api/partner-applications', { ...applyForm, demo: true });
    expect(refused.statusCode).toBe(400);
    const user = (await loadUser(t.deps, me.id))!;
    const metadata = { actorId: me.id, actorRoles: user.roles, correlationId: 'demo-test', causationId: null, occurredAt: new Date().toISOString() };
    const id = await submitApplication(t.deps, user, { form: 'apply', body: ApplyApplicationRequest.parse(applyForm) }, { idempotencyKey: 'demo-test-application', metadata }, { demo: true });
    expect((await list()).find((a) => a.id === id)).toMatchObject({ applicationStatus: 'pending', demo: true });
    expect((await admin.post(`/api/admin/partner-applications/${id}/approve`)).json()).toMatchObject({ id, applicationStatus: 'approved', demo: true });
    const partners = (await admin.get('/api/admin/partners')).json() as { userId: string; demo: boolean }[];
    expect(partners.find((p) => p.userId === me.id)).toMatchObject({ demo: true });
  });

  it('re-runs the follow-ups of an approval retried with the same Idempotency-Key', async () => {
    const { c } = await applicant('approve-retry@example.nz');
    const { id } = (await c.post('/api/partner-applications', applyForm)).json();
    const headers = { 'idempotency-key': 'approve-retry-0001' };
    expect((await admin.post(`/api/admin/partner-applications/${id}/approve`, undefined, headers)).statusCode).toBe(200);
    expect((await admin.post(`/api/admin/partner-applications/${id}/approve`, undefined, headers)).statusCode).toBe(200);
    expect((await c.get('/api/my-roles')).json()).toHaveLength(1);
  });

  it('rejects with a reason; a rejected application cannot be approved', async () => {
    const { c } = await applicant('reject@example.nz');
    const { id } = (await c.post('/api/partner-applications', applyForm)).json();
    const blank = await admin.post(`/api/admin/partner-applications/${id}/reject`, { reason: '   ' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().issues[0].message).toBe('Please give a reason for the rejection');
    const res = await admin.post(`/api/admin/partner-applications/${id}/reject`, { reason: 'No FSP registration on record' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ applicationStatus: 'rejected', adminNotes: 'No FSP registration on record' });

    const before = await list();
    const approve = await admin.post(`/api/admin/partner-applications/${id}/approve`);
    expect(approve.statusCode).toBe(409);
    expect(approve.json()).toEqual({ message: 'This application has already been rejected.' });
    expect(await list()).toEqual(before);
    expect((await c.get('/api/auth/user')).json().roles).toEqual(['general']);
    expect((await c.get('/api/my-roles')).json()).toEqual([]);
    // Decided: the user may apply again for the role.
    expect((await c.post('/api/partner-applications', applyForm)).statusCode).toBe(201);
  });

  it('answers 404 for an unknown application', async () => {
    for (const res of [await admin.post('/api/admin/partner-applications/no-such-id/approve'), await admin.post('/api/admin/partner-applications/no-such-id/reject', { reason: 'x' })]) {
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: 'Application not found.' });
    }
  });

  it('completes at start-up an approval whose follow-ups never ran', async () => {
    const { c } = await applicant('crashed@example.nz');
    const { id } = (await c.post('/api/partner-applications', applyForm)).json();
    // Only the decision, as if the process died right after recording it.
    const metadata = { actorId: 'admin', actorRoles: ['admin' as const], correlationId: 'c', causationId: null, occurredAt: new Date().toISOString() };
    await handleCommand(t.stores.eventStore, applicationDecider, applicationStream(id), { type: 'ApproveApplication', by: 'admin', at: metadata.occurredAt }, { idempotencyKey: 'crash-test', metadata });
    expect((await c.get('/api/my-roles')).json()).toEqual([]);

    expect(await completeApprovals(t.deps)).toBe(1);
    expect((await c.get('/api/my-roles')).json()).toMatchObject([{ roleId: 'mortgage_broker', locationId: 'auckland', status: 'active', approvedBy: 'admin' }]);
    expect((await c.get('/api/auth/user')).json().roles).toEqual(['general', 'mortgage_broker']);
    // Nothing left to complete; and a role an admin took away after the approval is not given back.
    expect(await completeApprovals(t.deps)).toBe(0);
    const me = (await c.get('/api/auth/user')).json();
    await admin.patch(`/api/admin/users/${me.id}/roles`, { roles: ['general'] });
    expect(await completeApprovals(t.deps)).toBe(0);
    expect((await c.get('/api/auth/user')).json().roles).toEqual(['general']);
  });
});
