import { AdImpressionRecorded } from '@kainga/contracts';
import { waitForProjection } from '@kainga/platform';
import { nzDayOf } from '@kainga/projections';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { client, makePartner, startTestApp, type TestApp } from '../../testing/test-app';
import { AD_NOT_FOUND, AD_NOT_SHOWING } from './activity-routes';
import { AD_SESSION_COOKIE } from './ad-visitor';
import { adActivityCount, adActivityEvents, placeAdvert } from './test-adverts';

const BROWSER = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36';

describe('POST /api/ads/impression and /api/ads/click', () => {
  let t: TestApp;
  let ad: { subscriptionId: string; adContentId: string };
  let pending: { adContentId: string };
  let partnerId: string;
  let partner: ReturnType<typeof client>;

  beforeAll(async () => {
    t = await startTestApp();
    partner = client(t.app);
    const me = await partner.register('valuer-ads@example.nz');
    partnerId = await makePartner(t.stores, me.id, 'registered_valuer');
    ad = await placeAdvert(t.stores, { partnerId, userId: me.id, role: 'registered_valuer' });
    pending = await placeAdvert(t.stores, { partnerId, userId: me.id, role: 'registered_valuer' }, { approved: false });
  });
  afterAll(() => t?.close());

  /** One browser: its own advertising cookie, kept between calls. */
  function browser(app: FastifyInstance = t.app, remoteAddress = '203.0.113.7') {
    let cookie: string | undefined;
    return {
      get cookie() {
        return cookie;
      },
      async send(kind: 'impression' | 'click', body: Record<string, unknown>, headers: Record<string, string> = { 'user-agent': BROWSER }) {
        const res = await app.inject({ method: 'POST', url: `/api/ads/${kind}`, payload: { placement: 'sidebar_valuation', userAgent: BROWSER, ...body }, headers, cookies: cookie ? { [AD_SESSION_COOKIE]: cookie } : {}, remoteAddress });
        cookie = res.cookies.find((c) => c.name === AD_SESSION_COOKIE)?.value ?? cookie;
        return res;
      },
    };
  }

  it('records an impression with the advert’s facts, a session cookie and only hashes of the address and the session', async () => {
    const b = browser();
    const res = await b.send('impression', { adContentId: ad.adContentId, city: 'Auckland', suburb: 'Ponsonby' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ recorded: true, reason: 'recorded' });
    const setCookie = String(res.headers['set-cookie']);
    expect(setCookie).toMatch(/^kainga\.ad=[\w-]{22}; Path=\/api\/ads; HttpOnly; SameSite=Lax$/);

    const events = (await adActivityEvents(t.stores)).filter((e) => (e.data as { adContentId: string }).adContentId === ad.adContentId);
    expect(events).toHaveLength(1);
    const [e] = events;
    expect(e!.streamName).toBe(`adActivity-${new Date().toISOString().slice(0, 10)}`);
    const { data } = AdImpressionRecorded.parse(e);
    expect(data).toMatchObject({ adContentId: ad.adContentId, subscriptionId: ad.subscriptionId, partnerId, tier: 'gold', placement: 'sidebar_valuation', city: 'Auckland', suburb: 'Ponsonby', userId: null, propertyId: null, userAgent: BROWSER });
    const stored = JSON.stringify(e);
    expect(stored).not.toContain('203.0.113.7');
    expect(stored).not.toContain(b.cookie!);
  });

  it('counts an impression once per advert per browser session; another session counts again', async () => {
    const b = browser();
    expect((await b.send('impression', { adContentId: ad.adContentId })).json()).toEqual({ recorded: true, reason: 'recorded' });
    const before = await adActivityCount(t.stores);
    expect((await b.send('impression', { adContentId: ad.adContentId })).json()).toEqual({ recorded: false, reason: 'duplicate' });
    // The same address in another browser session is another viewer.
    expect((await browser().send('impression', { adContentId: ad.adContentId })).json()).toEqual({ recorded: true, reason: 'recorded' });
    expect(await adActivityCount(t.stores)).toBe(before + 1);
  });

  it('remembers the last 24 h of impressions across a restart', async () => {
    const b = browser();
    expect((await b.send('impression', { adContentId: ad.adContentId })).json().recorded).toBe(true);
    // A second app on the same stores warms its window from the log at start.
    const restarted = await buildApp(t.deps);
    try {
      const res = await restarted.inject({ method: 'POST', url: '/api/ads/impression', payload: { adContentId: ad.adContentId, placement: 'sidebar_valuation', userAgent: BROWSER }, headers: { 'user-agent': BROWSER }, cookies: { [AD_SESSION_COOKIE]: b.cookie! } });
      expect(res.json()).toEqual({ recorded: false, reason: 'duplicate' });
    } finally {
      await restarted.close();
    }
  });

  it('records nothing for a bot or a request without a user agent', async () => {
    const before = await adActivityCount(t.stores);
    const crawler = await browser().send('impression', { adContentId: ad.adContentId }, { 'user-agent': 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)' });
    expect(crawler.json()).toEqual({ recorded: false, reason: 'bot' });
    expect(crawler.headers['set-cookie']).toBeUndefined();
    expect((await browser().send('click', { adContentId: ad.adContentId, userAgent: 'curl/8.5.0' })).json()).toEqual({ recorded: false, reason: 'bot' });
    expect((await browser().send('impression', { adContentId: ad.adContentId }, {})).json()).toEqual({ recorded: false, reason: 'bot' });
    expect(await adActivityCount(t.stores)).toBe(before);
  });

  it('answers 404 for an unknown advert, 409 for one not showing, 400 for a bad body', async () => {
    const unknown = await browser().send('impression', { adContentId: 'no-such-advert' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: AD_NOT_FOUND });
    const notShowing = await browser().send('click', { adContentId: pending.adContentId });
    expect(notShowing.statusCode).toBe(409);
    expect(notShowing.json()).toEqual({ message: AD_NOT_SHOWING });
    const bad = await browser().send('impression', { adContentId: ad.adContentId, placement: 'footer' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toEqual(expect.any(String));
  });

  it('records a click even after an impression, but a double click counts once', async () => {
    const b = browser();
    // The impression gives the browser its session cookie.
    expect((await b.send('impression', { adContentId: ad.adContentId })).json().recorded).toBe(true);
    const before = await adActivityCount(t.stores);
    const both = await Promise.all([b.send('click', { adContentId: ad.adContentId }), b.send('click', { adContentId: ad.adContentId })]);
    expect(both.map((r) => r.json())).toEqual(expect.arrayContaining([{ recorded: true, reason: 'recorded' }, { recorded: false, reason: 'duplicate' }]));
    expect(await adActivityCount(t.stores)).toBe(before + 1);
  });

  it('loses nothing under a few hundred concurrent impressions: events in the log = impressions accepted', async () => {
    const before = await adActivityCount(t.stores);
    const answers = await Promise.all(Array.from({ length: 400 }, (_, i) => browser(t.app, `198.51.100.${i % 250}`).send('impression', { adContentId: ad.adContentId })));
    const accepted = answers.filter((r) => r.statusCode === 200 && r.json().recorded === true).length;
    expect(answers.every((r) => r.statusCode === 200 || r.statusCode === 503)).toBe(true);
    expect(accepted).toBeGreaterThan(0);
    expect(await adActivityCount(t.stores)).toBe(before + accepted);
    // Every accepted impression is in one day's stream, in order, with distinct ids.
    const ids = new Set((await adActivityEvents(t.stores)).map((e) => e.id));
    expect(ids.size).toBe(before + accepted);
  });

  it('shows the partner its impressions, clicks and click-through per NZ day', async () => {
    const head = await t.stores.eventStore.headPosition();
    await waitForProjection(t.stores.readStore, 'ad_analytics', head);
    const recorded = (await adActivityEvents(t.stores)).filter((e) => (e.data as { partnerId: string }).partnerId === partnerId);
    const impressions = recorded.filter((e) => e.type === 'AdImpressionRecorded').length;
    const clicks = recorded.filter((e) => e.type === 'AdClickRecorded').length;
    const res = await partner.get('/api/partner/ad-performance?role=registered_valuer&days=7');
    expect(res.statusCode, res.body).toBe(200);
    const view = res.json();
    expect(view.days).toHaveLength(7);
    expect(view.days.at(-1)).toEqual({ date: nzDayOf(new Date().toISOString()), impressions, clicks, leads: 0 });
    expect(view.totals).toEqual({ impressions, clicks, leads: 0, clickThroughRate: clicks / impressions });
    expect((await partner.get('/api/partner/ad-performance?role=registered_valuer&days=0')).statusCode).toBe(400);
    expect((await client(t.app).get('/api/partner/ad-performance')).statusCode).toBe(401);
  });
});
