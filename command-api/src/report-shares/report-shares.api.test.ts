import { reportShareStream, ValuationRequest, type ReportShare } from '@kainga/contracts';
import { handleCommand, waitForProjection } from '@kainga/platform';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_COOKIE } from '../plugins/sessions';
import { jsonEntry, readZip } from '../profile/read-zip';
import { reportEstimate } from '../testing/report-estimate';
import { client, startTestApp, type TestApp } from '../testing/test-app';
import { completeValuation, locateProperty, recordComparables, requestValuation } from '../valuations/valuation-commands';
import { reportShareDecider } from './report-share';
import { SHARED_LINK_GONE_TITLE } from './shared-page';

/** Share Report (issue 52): links to a valuation's report that anyone opens, counted, stopped at once, ended by their expiry. */
const ADDRESS = '27 Sharing Street';
const BROWSER = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148 Safari/604.1';
let t: TestApp;
let owner: ReturnType<typeof client>;
let other: ReturnType<typeof client>;
let ownerId: string;
let valuationId: string;
let pendingValuationId: string;

const metadataOf = (actorId: string) => ({ actorId, actorRoles: ['general' as const], correlationId: randomUUID(), causationId: null, occurredAt: new Date().toISOString() });

beforeAll(async () => {
  t = await startTestApp();
  owner = client(t.app, { remoteAddress: '10.8.0.1' });
  other = client(t.app, { remoteAddress: '10.8.0.2' });
  ownerId = (await owner.register('share-owner@example.nz', undefined, 'Mereana', 'Tipene')).id;
  await other.register('share-other@example.nz');
  const request = ValuationRequest.parse({ purpose: 'selling', address: ADDRESS, suburb: 'Karori', city: 'Wellington', floorArea: 140, rateableValue: 950_000, conditionScores: { kitchen: 4 } });
  valuationId = randomUUID();
  const { propertyId } = await requestValuation(t.stores.eventStore, { valuationId, userId: ownerId, request }, { idempotencyKey: randomUUID(), metadata: metadataOf(ownerId) });
  await locateProperty(t.stores.eventStore, propertyId, valuationId, { latitude: -41.28, longitude: 174.74, precision: 'suburb', geocoder: 'test' }, metadataOf(ownerId));
  await recordComparables(t.stores.eventStore, valuationId, { comparables: [], windowMonths: 3, note: null }, metadataOf(ownerId));
  await completeValuation(t.stores.eventStore, valuationId, reportEstimate, metadataOf(ownerId));
  pendingValuationId = randomUUID();
  await requestValuation(t.stores.eventStore, { valuationId: pendingValuationId, userId: ownerId, request: { ...request, address: '29 Sharing Street' } }, { idempotencyKey: randomUUID(), metadata: metadataOf(ownerId) });
  await waitForProjection(t.stores.readStore, 'valuations', await t.stores.eventStore.headPosition());
});
afterAll(() => t?.close());

const share = async (body: unknown = { expiresInDays: 7, showAddress: false }) => {
  const res = await owner.post(`/api/valuations/${valuationId}/shares`, body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as ReportShare;
};
const pathOf = (s: ReportShare) => new URL(s.url).pathname;
const open = (path: string, userAgent = BROWSER, remoteAddress = '10.8.9.1') => t.app.inject({ url: path, headers: { 'user-agent': userAgent }, remoteAddress });
const revoke = (c: ReturnType<typeof client>, id: string) => t.app.inject({ method: 'DELETE', url: `/api/report-shares/${id}`, cookies: c.cookie ? { [SESSION_COOKIE]: c.cookie } : {} });
const listed = async (id: string) => ((await owner.get(`/api/valuations/${valuationId}/shares`)).json() as ReportShare[]).find((s) => s.id === id)!;

describe('a shared report link', () => {
  it('opens for anyone without an account, says it is a shared copy, and shows no owner and, when asked, no street', async () => {
    const made = await share();
    expect(made).toMatchObject({ valuationId, showAddress: false, status: 'active', opens: 0, lastOpenedAt: null, revokedAt: null });
    expect(made.url).toMatch(/^http:\/\/localhost:\d+\/shared\/[0-9a-f-]{36}\.[A-Za-z0-9_-]{43}$/);
    expect(new Date(made.expiresAt).getTime() - new Date(made.createdAt).getTime()).toBe(7 * 86_400_000);

    const page = await open(pathOf(made));
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.headers['cache-control']).toBe('private, no-store');
    expect(page.headers['referrer-policy']).toBe('no-referrer');
    expect(page.headers['x-robots-tag']).toContain('noindex');
    expect(page.body).toContain('This is a shared copy of a Kāinga valuation report, shared on');
    expect(page.body).toContain('<h1>A home in Karori, Wellington</h1>');
    expect(page.body).toContain('$1,012,000');
    for (const personal of [ADDRESS, 'Mereana', 'Tipene', 'share-owner@example.nz']) expect(page.body).not.toContain(personal);
    // The preview chat and mail apps show: the area and the estimate.
    expect(page.body).toContain('<meta property="og:title" content="Kāinga valuation: A home in Karori, Wellington">');
    expect(page.body).toMatch(/<meta property="og:description" content="Estimated value \$1,012,000 \(\$900,000 to \$1,100,000\), assessed on [^"]+\. A shared copy/);
  });

  it('shows the street address when the owner chose to, never in the link preview', async () => {
    const made = await share({ showAddress: true });
    expect(made.expiresAt).toBe(new Date(new Date(made.createdAt).getTime() + 7 * 86_400_000).toISOString());
    const page = await open(pathOf(made));
    expect(page.body).toContain(`<h1>${ADDRESS}</h1>`);
    const head = page.body.slice(0, page.body.indexOf('<style>'));
    expect(head.match(/<meta property="og:[^>]+>/g)!.join('')).not.toContain(ADDRESS);
  });

  it('counts each person’s open once in a while, and not a link preview or a robot', async () => {
    const made = await share();
    const path = pathOf(made);
    expect((await open(path, 'WhatsApp/2.23.20.0 A')).statusCode).toBe(200);
    expect((await open(path, 'Mozilla/5.0 (compatible; Googlebot/2.1)')).statusCode).toBe(200);
    await open(path, BROWSER, '10.8.9.2');
    await open(path, BROWSER, '10.8.9.2'); // a reload
    await open(path, BROWSER, '10.8.9.3');
    await waitForProjection(t.stores.readStore, 'report_shares', await t.stores.eventStore.headPosition());
    const now = await listed(made.id);
    expect(now.opens).toBe(2);
    expect(now.lastOpenedAt).not.toBeNull();
  });

  it('stops working at once when the owner stops sharing it, and stopping again changes nothing', async () => {
    const made = await share();
    expect((await open(pathOf(made))).statusCode).toBe(200);
    const stopped = await revoke(owner, made.id);
    expect(stopped.statusCode, stopped.body).toBe(200);
    expect(stopped.json()).toMatchObject({ id: made.id, status: 'revoked' });
    const gone = await open(pathOf(made));
    expect(gone.statusCode).toBe(404);
    expect(gone.headers['content-type']).toMatch(/^text\/html/);
    expect(gone.body).toContain(SHARED_LINK_GONE_TITLE);
    expect(gone.body).toContain('The link has expired, or its owner stopped sharing it.');
    const again = await revoke(owner, made.id);
    expect(again.statusCode).toBe(200);
    expect(again.json().revokedAt).toBe(stopped.json().revokedAt);
    expect((await t.stores.eventStore.readStream(reportShareStream(made.id))).map((e) => e.type)).toEqual(['ReportShareCreated', 'ReportShareRevoked']);
  });

  it('ends at its expiry, and lists as expired', async () => {
    const made = await share();
    // A link made 8 days ago for 7 days, as the route records one.
    const shareId = randomUUID();
    const createdAt = new Date(Date.now() - 8 * 86_400_000);
    const secret = new URL(made.url).pathname.split('.')[1]!;
    await handleCommand(
      t.stores.eventStore,
      reportShareDecider,
      reportShareStream(shareId),
      { type: 'CreateShare', shareId, valuationId, propertyId: 'p', userId: ownerId, secret, showAddress: false, at: createdAt.toISOString(), expiresAt: new Date(createdAt.getTime() + 7 * 86_400_000).toISOString() },
      { idempotencyKey: randomUUID(), metadata: metadataOf(ownerId) },
    );
    const gone = await open(`/shared/${shareId}.${secret}`);
    expect(gone.statusCode).toBe(404);
    expect(gone.body).toContain(SHARED_LINK_GONE_TITLE);
    await waitForProjection(t.stores.readStore, 'report_shares', await t.stores.eventStore.headPosition());
    expect((await listed(shareId)).status).toBe('expired');
  });

  it('answers 404 to a wrong secret, another link’s secret, or anything that is not a link', async () => {
    const a = await share();
    const b = await share();
    const [idA, secretA] = pathOf(a).slice('/shared/'.length).split('.') as [string, string];
    const secretB = pathOf(b).split('.')[1]!;
    for (const path of [`/shared/${idA}.${secretB}`, `/shared/${idA}.${'A'.repeat(43)}`, `/shared/${idA}`, `/shared/${idA}.${secretA}x`, '/shared/nothing', `/shared/${randomUUID()}.${secretA}`]) {
      const res = await open(path);
      expect(res.statusCode, path).toBe(404);
      expect(res.body, path).toContain(SHARED_LINK_GONE_TITLE);
    }
  });
});

describe('making and managing links', () => {
  it('refuses a bad expiry or choice with what to give', async () => {
    for (const [body, message] of [
      [{ expiresInDays: 0 }, 'A link works for at least 1 day.'],
      [{ expiresInDays: 91 }, 'A link works for at most 90 days.'],
      [{ expiresInDays: 2.5 }, 'Choose a whole number of days.'],
      [{ expiresInDays: 'week' }, 'Choose how many days the link works.'],
      [{ showAddress: 'yes' }, 'Say whether the link shows the street address.'],
    ] as const) {
      const res = await owner.post(`/api/valuations/${valuationId}/shares`, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().message, JSON.stringify(body)).toContain(message);
    }
  });

  it('makes a week-long link showing the address when nothing is chosen', async () => {
    const made = await share({});
    expect(made.showAddress).toBe(true);
    expect(new Date(made.expiresAt).getTime() - new Date(made.createdAt).getTime()).toBe(7 * 86_400_000);
  });

  it('makes one link for a retried request (same idempotency key)', async () => {
    const key = randomUUID();
    const first = await owner.post(`/api/valuations/${valuationId}/shares`, { expiresInDays: 30 }, { 'idempotency-key': key });
    const retry = await owner.post(`/api/valuations/${valuationId}/shares`, { expiresInDays: 30 }, { 'idempotency-key': key });
    expect(first.statusCode).toBe(201);
    expect(retry.statusCode).toBe(201);
    expect(retry.json().url).toBe(first.json().url);
  });

  it('has nothing to share for a valuation still being made (409), and tells no one else a valuation or link exists (404)', async () => {
    const pending = await owner.post(`/api/valuations/${pendingValuationId}/shares`, {});
    expect(pending.statusCode).toBe(409);
    expect(pending.json().message).toBe('This valuation has no report to share yet.');
    const made = await share();
    expect((await other.post(`/api/valuations/${valuationId}/shares`, {})).statusCode).toBe(404);
    expect((await other.get(`/api/valuations/${valuationId}/shares`)).statusCode).toBe(404);
    const refused = await revoke(other, made.id);
    expect(refused.statusCode).toBe(404);
    expect(refused.json().message).toBe('This shared link was not found.');
    expect((await open(pathOf(made))).statusCode).toBe(200);
    expect((await revoke(owner, 'not-a-share')).statusCode).toBe(400);
  });

  it('lists a valuation’s links newest first, with their status', async () => {
    const older = await share();
    const newer = await share();
    await revoke(owner, older.id);
    const list = (await owner.get(`/api/valuations/${valuationId}/shares`)).json() as ReportShare[];
    expect(list.findIndex((s) => s.id === newer.id)).toBeLessThan(list.findIndex((s) => s.id === older.id));
    expect(list.find((s) => s.id === older.id)!.status).toBe('revoked');
    expect(list.find((s) => s.id === newer.id)!.status).toBe('active');
  });

  it('are in the owner’s data export, with their opens', async () => {
    const made = await share();
    await open(pathOf(made), BROWSER, '10.8.9.9');
    const res = await owner.get('/api/profile/export');
    expect(res.statusCode).toBe(200);
    const actions = jsonEntry<{ type: string }[]>(await readZip(res.rawPayload), 'history-your-actions.json');
    const records = jsonEntry<{ type: string }[]>(await readZip(res.rawPayload), 'history-of-your-records.json');
    const types = [...actions, ...records].map((e) => e.type);
    expect(types).toEqual(expect.arrayContaining(['ReportShareCreated', 'ReportShareRevoked', 'ReportShareOpened']));
  });

  it('all answer 404 once the owner deletes their account, and the log keeps no readable secret', async () => {
    const leaving = client(t.app, { remoteAddress: '10.8.0.3' });
    const leaverId = (await leaving.register('share-leaver@example.nz')).id;
    const id = randomUUID();
    const request = ValuationRequest.parse({ purpose: 'selling', address: '31 Leaving Lane', suburb: 'Karori', city: 'Wellington', floorArea: 120 });
    const { propertyId } = await requestValuation(t.stores.eventStore, { valuationId: id, userId: leaverId, request }, { idempotencyKey: randomUUID(), metadata: metadataOf(leaverId) });
    await locateProperty(t.stores.eventStore, propertyId, id, { latitude: -41.28, longitude: 174.74, precision: 'suburb', geocoder: 'test' }, metadataOf(leaverId));
    await recordComparables(t.stores.eventStore, id, { comparables: [], windowMonths: 3, note: null }, metadataOf(leaverId));
    await completeValuation(t.stores.eventStore, id, reportEstimate, metadataOf(leaverId));
    await waitForProjection(t.stores.readStore, 'valuations', await t.stores.eventStore.headPosition());
    const made = await leaving.post(`/api/valuations/${id}/shares`, {});
    expect(made.statusCode, made.body).toBe(201);
    const path = new URL(made.json().url).pathname;
    expect((await open(path)).statusCode).toBe(200);
    const deleted = await t.app.inject({ method: 'DELETE', url: '/api/profile', payload: { password: 'correct horse battery' }, cookies: { [SESSION_COOKIE]: leaving.cookie! } });
    expect(deleted.statusCode, deleted.body).toBeLessThan(300);
    const gone = await open(path);
    expect(gone.statusCode).toBe(404);
    expect(gone.body).toContain(SHARED_LINK_GONE_TITLE);
    const [created] = await t.stores.eventStore.readStream(reportShareStream(made.json().id));
    expect((created!.data as { secret: string }).secret).toBe('');
  });
});
