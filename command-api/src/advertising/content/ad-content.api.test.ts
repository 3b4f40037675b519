import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { revokeRole as setRoles } from '../../leads/test-fixtures';
import { SESSION_COOKIE } from '../../plugins/sessions';
import { client, makePartner, startTestApp, type TestApp } from '../../testing/test-app';
import { postImage, solidImage } from '../../uploads/testing';
import { makeAdSubscription, setAdSubscriptionStatus } from './test-fixtures';

let t: TestApp;
let valuer: ReturnType<typeof client>;
let broker: ReturnType<typeof client>;
let admin: ReturnType<typeof client>;
let valuerPartnerId: string;
let subscriptionId: string;
let brokerSubscriptionId: string;

const put = (app: FastifyInstance, c: ReturnType<typeof client>, url: string, body: unknown) =>
  app.inject({ method: 'PUT', url, payload: body as never, cookies: { [SESSION_COOKIE]: c.cookie! } });
const advert = (overrides: Record<string, unknown> = {}) => ({
  subscriptionId,
  title: 'Fair valuations in Auckland',
  description: 'Registered valuers with twenty years in the city.',
  ctaUrl: 'https://valuers.example.nz',
  ...overrides,
});

beforeAll(async () => {
  t = await startTestApp();
  valuer = client(t.app);
  const v = await valuer.register('valuer@example.nz');
  valuerPartnerId = await makePartner(t.stores, v.id, 'registered_valuer', ['auckland'], { businessName: 'Harbour Valuers' });
  subscriptionId = await makeAdSubscription(t.stores, { partnerId: valuerPartnerId, userId: v.id, role: 'registered_valuer' }, { tier: 'gold', locationId: 'auckland' });
  broker = client(t.app);
  const b = await broker.register('broker@example.nz');
  const brokerPartnerId = await makePartner(t.stores, b.id, 'mortgage_broker', ['wellington'], { businessName: 'Capital Loans' });
  brokerSubscriptionId = await makeAdSubscription(t.stores, { partnerId: brokerPartnerId, userId: b.id, role: 'mortgage_broker' }, { tier: 'silver', locationId: 'wellington' });
  admin = client(t.app);
  const a = await admin.register('admin@example.nz');
  await setRoles(t.stores, a.id, ['general', 'admin']);
});
afterAll(() => t.close());

describe('a partner’s adverts', () => {
  it('creates an advert for its own subscription, awaiting approval, with the default button text', async () => {
    const res = await valuer.post('/api/partner/ad-content', advert());
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      subscriptionId,
      partnerId: valuerPartnerId,
      title: 'Fair valuations in Auckland',
      ctaText: 'Learn More',
      imageUrl: null,
      status: 'pending_approval',
      approvedBy: null,
      businessName: 'Harbour Valuers',
      tier: 'gold',
      cityName: 'Auckland',
      demo: false,
    });
    expect((await valuer.get('/api/partner/ad-content')).json().map((a: { id: string }) => a.id)).toEqual([res.json().id]);
    expect((await broker.get('/api/partner/ad-content')).json()).toEqual([]);
  });

  it('holds the fields to spec 001 §5’s limits, with its messages', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ title: '  ' }, 'Title is required'],
      [{ title: 'x'.repeat(101) }, 'Title must be 100 characters or fewer'],
      [{ description: '' }, 'Description is required'],
      [{ description: 'x'.repeat(501) }, 'Description must be 500 characters or fewer'],
      [{ ctaText: 'x'.repeat(51) }, 'Button text must be 50 characters or fewer'],
      [{ ctaUrl: 'not a url' }, 'Please enter a valid URL'],
      [{ imageUrl: '/somewhere/else.png' }, 'Please upload the image again'],
    ];
    for (const [change, message] of cases) {
      const res = await valuer.post('/api/partner/ad-content', advert(change));
      expect(res.statusCode, JSON.stringify(change)).toBe(400);
      expect(res.json().message).toContain(message);
    }
  });

  it('answers another partner’s subscription as not found, and refuses an expired one', async () => {
    const res = await valuer.post('/api/partner/ad-content', advert({ subscriptionId: brokerSubscriptionId }));
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'Subscription not found.' });
    const ended = await makeAdSubscription(t.stores, { partnerId: valuerPartnerId, userId: 'x', role: 'registered_valuer' }, { tier: 'bronze' });
    await setAdSubscriptionStatus(t.stores, ended, 'expired');
    const late = await valuer.post('/api/partner/ad-content', advert({ subscriptionId: ended }));
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toMatch(/expired/);
  });

  it('takes an uploaded advert image (field adImage), and only one we stored', async () => {
    const upload = await postImage(t.app, '/api/upload/ad-image', valuer.cookie, { field: 'adImage', filename: 'banner.png', contentType: 'image/png', bytes: await solidImage('png', 728, 90) });
    expect(upload.statusCode, upload.body).toBe(201);
    const { filePath } = upload.json() as { filePath: string };
    expect(filePath).toMatch(/^\/api\/uploads\/ad-images\/[0-9a-f-]{36}\.png$/);
    expect((await t.app.inject({ method: 'GET', url: filePath })).statusCode).toBe(200);
    const res = await valuer.post('/api/partner/ad-content', advert({ imageUrl: filePath }));
    expect(res.statusCode).toBe(201);
    expect(res.json().imageUrl).toBe(filePath);
    const forged = await valuer.post('/api/partner/ad-content', advert({ imageUrl: '/api/uploads/ad-images/00000000-0000-4000-8000-000000000000.png' }));
    expect(forged.json()).toEqual({ message: 'Please upload the image again' });
    // Wrong field, and not a partner.
    expect((await postImage(t.app, '/api/upload/ad-image', valuer.cookie, { field: 'profileImage', filename: 'a.png', contentType: 'image/png', bytes: await solidImage('png') })).json()).toEqual({
      message: 'Send the image in the form field "adImage".',
    });
    const stranger = client(t.app);
    await stranger.register('stranger@example.nz');
    expect((await postImage(t.app, '/api/upload/ad-image', stranger.cookie, { field: 'adImage', filename: 'a.png', contentType: 'image/png', bytes: await solidImage('png') })).statusCode).toBe(403);
  });
});

describe('approval, rejection, pause and resume', () => {
  it('lists adverts awaiting approval for the admin; approval makes one active; the partner pauses and resumes it', async () => {
    const created = (await valuer.post('/api/partner/ad-content', advert({ title: 'To approve' }))).json();
    const queue = await admin.get('/api/admin/ad-content');
    expect(queue.statusCode).toBe(200);
    expect(queue.json()).toContainEqual(expect.objectContaining({ id: created.id, status: 'pending_approval', businessName: 'Harbour Valuers', tier: 'gold', cityName: 'Auckland' }));
    // A partner cannot make its own advert live.
    expect((await valuer.patch(`/api/partner/ad-content/${created.id}/status`, { status: 'active' })).statusCode).toBe(409);

    const approved = await admin.post(`/api/admin/ad-content/${created.id}/approve`);
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json()).toMatchObject({ status: 'active', approvedAt: expect.any(String) });
    expect((await admin.get('/api/admin/ad-content?status=active')).json().map((a: { id: string }) => a.id)).toContain(created.id);
    expect((await admin.get('/api/admin/ad-content')).json().map((a: { id: string }) => a.id)).not.toContain(created.id);
    expect((await admin.post(`/api/admin/ad-content/${created.id}/approve`)).statusCode).toBe(409);

    expect((await valuer.patch(`/api/partner/ad-content/${created.id}/status`, { status: 'paused' })).json()).toMatchObject({ status: 'paused' });
    expect((await valuer.patch(`/api/partner/ad-content/${created.id}/status`, { status: 'active' })).json()).toMatchObject({ status: 'active' });
    expect((await valuer.patch(`/api/partner/ad-content/${created.id}/status`, { status: 'pending_approval' })).statusCode).toBe(400);
    // Another partner's advert answers as an unknown one.
    expect((await broker.patch(`/api/partner/ad-content/${created.id}/status`, { status: 'paused' })).json()).toEqual({ message: 'Advert not found.' });
  });

  it('rejects with a non-blank reason the partner sees; an edit sends it back for approval', async () => {
    const created = (await valuer.post('/api/partner/ad-content', advert({ title: 'To reject' }))).json();
    const blank = await admin.post(`/api/admin/ad-content/${created.id}/reject`, { reason: '   ' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().message).toContain('Please give a reason for the rejection');
    const rejected = await admin.post(`/api/admin/ad-content/${created.id}/reject`, { reason: 'The link goes nowhere' });
    expect(rejected.json()).toMatchObject({ status: 'rejected', rejectionReason: 'The link goes nowhere' });
    expect((await valuer.get('/api/partner/ad-content')).json()).toContainEqual(expect.objectContaining({ id: created.id, status: 'rejected', rejectionReason: 'The link goes nowhere' }));

    const edited = await put(t.app, valuer, `/api/partner/ad-content/${created.id}`, advert({ title: 'Fixed', ctaUrl: 'https://valuers.example.nz/book' }));
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({ title: 'Fixed', status: 'pending_approval', rejectionReason: null });
    expect((await put(t.app, broker, `/api/partner/ad-content/${created.id}`, advert({ subscriptionId: brokerSubscriptionId }))).statusCode).toBe(404);
    expect((await admin.post('/api/admin/ad-content/no-such-advert/approve')).json()).toEqual({ message: 'Advert not found.' });
  });
});
