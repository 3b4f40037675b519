import { adImpressionAllowanceStream, AdImpressionRecorded } from '@kainga/contracts';
import { waitForProjection } from '@kainga/platform';
import { nzDayOf } from '@kainga/projections';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { client, makePartner, startTestApp, type TestApp } from '../../testing/test-app';
import { revokeRole as setRoles } from '../../leads/test-fixtures';
import { AD_NOT_FOUND, AD_NOT_SHOWING } from './activity-routes';
import { AD_SESSION_COOKIE } from './ad-visitor';
import { AD_SERVE_TOKEN_TTL_MS } from './serve-token';
import { AD_ADDRESS_IMPRESSIONS_PER_HOUR } from './traffic-filter';
import { adActivityCount, adActivityEvents, newAdCookie, placeAdvert, serveTokenFor } from './test-adverts';

const BROWSER = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36';
const recorded = { recorded: true, reason: 'recorded' };
const filtered = { recorded: false, reason: 'filtered' };

describe('POST /api/ads/impression and /api/ads/click', () => {
  let t: TestApp;
  let ad: { subscriptionId: string; adContentId: string };
  let pending: { subscriptionId: string; adContentId: string };
  let partnerId: string;
  let partner: ReturnType<typeof client>;
  let admin: ReturnType<typeof client>;
  let nextAddress = 0;

  beforeAll(async () => {
    t = await startTestApp();
    partner = client(t.app);
    const me = await partner.register('valuer-ads@example.nz');
    partnerId = await makePartner(t.stores, me.id, 'registered_valuer');
    ad = await placeAdvert(t.stores, { partnerId, userId: me.id, role: 'registered_valuer' });
    pending = await placeAdvert(t.stores, { partnerId, userId: me.id, role: 'registered_valuer' }, { approved: false });
    admin = client(t.app);
    await setRoles(t.stores, (await admin.register('ads-admin@example.nz')).id, ['general', 'admin']);
  });
  afterAll(() => t?.close());

  /** A fresh address for each browser unless one is given, so the per-address limit is met only where a test means it. */
  const address = () => `198.18.${Math.floor(nextAddress / 250)}.${(nextAddress++ % 250) + 1}`;

  /**
   * One browser: its advertising cookie, and the serve token the server gave it for the advert
   * (sent unless the body says otherwise: `serveToken: null` sends none).
   */
  function browser({ app = t.app, remoteAddress = address(), cookie = newAdCookie() as string | null } = {}) {
    return {
      cookie,
      async send(kind: 'impression' | 'click', body: Record<string, unknown> & { adContentId: string }, headers: Record<string, string> = { 'user-agent': BROWSER }) {
        const target = body.adContentId === ad.adContentId ? ad : body.adContentId === pending.adContentId ? pending : { adContentId: body.adContentId, subscriptionId: 'none' };
        const serveToken = cookie ? await serveTokenFor(t.deps, cookie, target) : null;
        const payload = { placement: 'sidebar_valuation', userAgent: BROWSER, serveToken, ...body };
        const res = await app.inject({ method: 'POST', url: `/api/ads/${kind}`, payload, headers, cookies: cookie ? { [AD_SESSION_COOKIE]: cookie } : {}, remoteAddress });
        return res;
      },
    };
  }
  const counted = async () => (await adActivityEvents(t.stores)).filter((e) => (e.data as { adContentId: string }).adContentId === ad.adContentId);
  /** The admin's view of the filtered traffic, after the tallies are written and projected. */
  async function filteredReasons(): Promise<Record<string, { impressions: number; clicks: number }>> {
    await new Promise((r) => setTimeout(r, 5_200));
    await waitForProjection(t.stores.readStore, 'ad_filtered_traffic', await t.stores.eventStore.headPosition());
    const res = await admin.get('/api/admin/ad-traffic-filtered');
    expect(res.statusCode, res.body).toBe(200);
    return Object.fromEntries((res.json().byReason as { reason: string; impressions: number; clicks: number }[]).map(({ reason, ...n }) => [reason, n]));
  }

  it('records a served impression with the advert’s own placement and town, only hashes of the address and session, and no junk fields', async () => {
    const b = browser({ remoteAddress: '203.0.113.7' });
    const res = await b.send('impression', { adContentId: ad.adContentId, city: 'Gore', suburb: 'Ponsonby', propertyId: '=HYPERLINK("http://x","y")', userAgent: 'Mozilla/5.0 (what the page says)' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual(recorded);

    const events = await counted();
    expect(events).toHaveLength(1);
    const [e] = events;
    expect(e!.streamName).toBe(`adActivity-${new Date().toISOString().slice(0, 10)}`);
    const { data } = AdImpressionRecorded.parse(e);
    // The town is the advert's (Auckland), whatever the page said; a formula is no property id.
    expect(data).toMatchObject({ adContentId: ad.adContentId, subscriptionId: ad.subscriptionId, partnerId, tier: 'gold', placement: 'sidebar_valuation', city: 'Auckland', suburb: 'Ponsonby', userId: null, propertyId: null, userAgent: BROWSER });
    const stored = JSON.stringify(e);
    expect(stored).not.toContain('203.0.113.7');
    expect(stored).not.toContain(b.cookie!);
  });

  it('hands out a serve token and the advertising cookie with GET /api/ads/active, and counts an impression sent with them', async () => {
    const list = await t.app.inject({ method: 'GET', url: '/api/ads/active?placement=sidebar_valuation&city=Auckland', remoteAddress: address() });
    expect(list.statusCode, list.body).toBe(200);
    expect(list.headers['cache-control']).toBe('private, no-store');
    const cookie = list.cookies.find((c) => c.name === AD_SESSION_COOKIE)?.value;
    expect(String(list.headers['set-cookie'])).toMatch(/^kainga\.ad=[\w-]{22}; Path=\/api\/ads; HttpOnly; SameSite=Lax$/);
    const served = (list.json() as { adContentId: string; serveToken: string }[]).find((a) => a.adContentId === ad.adContentId)!;
    expect(served.serveToken).toMatch(/^[\w-]+\.[\w-]{22}$/);
    const send = (placement: string, token = served.serveToken) =>
      t.app.inject({ method: 'POST', url: '/api/ads/impression', payload: { adContentId: ad.adContentId, placement, userAgent: BROWSER, serveToken: token }, headers: { 'user-agent': BROWSER }, cookies: { [AD_SESSION_COOKIE]: cookie! }, remoteAddress: address() });
    // Served for the sidebar: not an impression of the property results.
    expect((await send('property_results')).json()).toEqual(filtered);
    expect((await send('sidebar_valuation')).json()).toEqual(recorded);
    expect((await send('sidebar_valuation')).json()).toEqual({ recorded: false, reason: 'duplicate' });
  });

  it('binds each answer’s tokens to the session it gave: a browser keeps one cookie, so it asks once before asking in parallel', async () => {
    const ip = address();
    const ask = (placement: string, cookie?: string) =>
      t.app.inject({ method: 'GET', url: `/api/ads/active?placement=${placement}&city=Auckland`, headers: { 'user-agent': BROWSER }, cookies: cookie ? { [AD_SESSION_COOKIE]: cookie } : {}, remoteAddress: ip });
    const cookieOf = (r: Awaited<ReturnType<typeof ask>>) => r.cookies.find((c) => c.name === AD_SESSION_COOKIE)?.value;
    const tokenOf = (r: Awaited<ReturnType<typeof ask>>) => (r.json() as { adContentId: string; serveToken: string }[]).find((a) => a.adContentId === ad.adContentId)!.serveToken;
    const impression = (placement: string, serveToken: string, cookie: string) =>
      t.app.inject({ method: 'POST', url: '/api/ads/impression', payload: { adContentId: ad.adContentId, placement, userAgent: BROWSER, serveToken }, headers: { 'user-agent': BROWSER }, cookies: { [AD_SESSION_COOKIE]: cookie }, remoteAddress: ip });
    // Two asks at once without a cookie: two sessions; the browser keeps the last, and the other's tokens are not its own.
    const [first, second] = await Promise.all([ask('sidebar_valuation'), ask('property_results')]);
    expect(cookieOf(first)).not.toBe(cookieOf(second));
    expect((await impression('sidebar_valuation', tokenOf(first), cookieOf(second)!)).json()).toEqual(filtered);
    // Asked again with its cookie (as the web app does after its first ask), the session is kept: one session, counted once.
    const again = await ask('sidebar_valuation', cookieOf(second));
    expect(again.cookies.find((c) => c.name === AD_SESSION_COOKIE)).toBeUndefined();
    expect((await impression('sidebar_valuation', tokenOf(again), cookieOf(second)!)).json()).toEqual(recorded);
    expect((await impression('property_results', tokenOf(second), cookieOf(second)!)).json()).toEqual({ recorded: false, reason: 'duplicate' });
  });

  it('counts nothing that was not served to that browser: no token, a forged or stale one, another session’s, no cookie, another advert’s', async () => {
    const before = (await counted()).length;
    const b = browser();
    const token = await serveTokenFor(t.deps, b.cookie!, ad);
    const forged = `${Buffer.from(JSON.stringify([ad.adContentId, ad.subscriptionId, 'sidebar_valuation', 'auckland', 1e9, 'x', Date.now()])).toString('base64url')}.${token.split('.')[1]}`;
    const answers = [
      await b.send('impression', { adContentId: ad.adContentId, serveToken: null }),
      await b.send('impression', { adContentId: ad.adContentId, serveToken: forged }),
      await b.send('impression', { adContentId: ad.adContentId, serveToken: `${token.slice(0, -2)}AA` }),
      await b.send('impression', { adContentId: ad.adContentId, serveToken: await serveTokenFor(t.deps, b.cookie!, ad, { servedAt: Date.now() - AD_SERVE_TOKEN_TTL_MS - 1000 }) }),
      await b.send('impression', { adContentId: ad.adContentId, serveToken: await serveTokenFor(t.deps, newAdCookie(), ad) }),
      await browser({ cookie: null }).send('impression', { adContentId: ad.adContentId, serveToken: token }),
      await b.send('impression', { adContentId: ad.adContentId, serveToken: await serveTokenFor(t.deps, b.cookie!, { adContentId: pending.adContentId, subscriptionId: ad.subscriptionId }) }),
    ];
    expect(answers.map((r) => r.json())).toEqual(answers.map(() => filtered));
    expect((await counted()).length).toBe(before);
    const reasons = await filteredReasons();
    expect(reasons.not_served!.impressions).toBeGreaterThanOrEqual(4);
    expect(reasons.expired!.impressions).toBeGreaterThanOrEqual(1);
    expect(reasons.other_session!.impressions).toBeGreaterThanOrEqual(2);
  });

  it('counts an impression once per advert per browser session, and remembers the last 24 h across a restart', async () => {
    const b = browser();
    expect((await b.send('impression', { adContentId: ad.adContentId })).json()).toEqual(recorded);
    expect((await b.send('impression', { adContentId: ad.adContentId })).json()).toEqual({ recorded: false, reason: 'duplicate' });
    expect((await browser().send('impression', { adContentId: ad.adContentId })).json()).toEqual(recorded);
    // A second app on the same stores warms its windows from the log at start.
    const restarted = await buildApp(t.deps);
    try {
      expect((await browser({ app: restarted, cookie: b.cookie }).send('impression', { adContentId: ad.adContentId })).json()).toEqual({ recorded: false, reason: 'duplicate' });
      // …and the impression a click needs.
      expect((await browser({ app: restarted, cookie: b.cookie }).send('click', { adContentId: ad.adContentId })).json()).toEqual(recorded);
    } finally {
      await restarted.close();
    }
  });

  it('counts a click only after a counted impression of that advert in that session, and once', async () => {
    const before = (await counted()).length;
    const b = browser();
    // 30 clicks with no impression before them: none counts.
    const blind = await Promise.all(Array.from({ length: 30 }, () => b.send('click', { adContentId: ad.adContentId })));
    expect(blind.map((r) => r.json())).toEqual(blind.map(() => filtered));
    expect((await b.send('impression', { adContentId: ad.adContentId })).json()).toEqual(recorded);
    const both = await Promise.all([b.send('click', { adContentId: ad.adContentId }), b.send('click', { adContentId: ad.adContentId })]);
    expect(both.map((r) => r.json())).toEqual(expect.arrayContaining([recorded, { recorded: false, reason: 'duplicate' }]));
    // A click a second later is still the same click.
    await new Promise((r) => setTimeout(r, 1100));
    expect((await b.send('click', { adContentId: ad.adContentId })).json()).toEqual({ recorded: false, reason: 'duplicate' });
    expect((await counted()).length).toBe(before + 2);
    expect((await filteredReasons()).no_impression!.clicks).toBeGreaterThanOrEqual(30);
  });

  it('limits what one address counts for one advert (an IPv6 /64 is one address)', async () => {
    const before = (await counted()).length;
    // 300 from one address without the cookie: none counts.
    const bare = await Promise.all(Array.from({ length: 300 }, () => browser({ remoteAddress: '192.0.2.44', cookie: null }).send('impression', { adContentId: ad.adContentId })));
    expect(bare.filter((r) => r.json().recorded).length).toBe(0);
    // With a new session and a served token each time, one address counts a household's worth.
    const sessions = await Promise.all(Array.from({ length: 60 }, () => browser({ remoteAddress: '192.0.2.45' }).send('impression', { adContentId: ad.adContentId })));
    expect(sessions.filter((r) => r.json().recorded).length).toBe(AD_ADDRESS_IMPRESSIONS_PER_HOUR);
    const v6 = await Promise.all(Array.from({ length: 40 }, (_, i) => browser({ remoteAddress: `2001:db8:5:7::${(i + 1).toString(16)}` }).send('impression', { adContentId: ad.adContentId })));
    expect(v6.filter((r) => r.json().recorded).length).toBe(AD_ADDRESS_IMPRESSIONS_PER_HOUR);
    expect((await counted()).length).toBe(before + 2 * AD_ADDRESS_IMPRESSIONS_PER_HOUR);
    expect((await filteredReasons()).address_limit!.impressions).toBeGreaterThanOrEqual(60 + 40 - 2 * AD_ADDRESS_IMPRESSIONS_PER_HOUR);
  });

  it('writes nothing past the month’s cap, however many processes count at once', async () => {
    const me = await client(t.app).register('capped-valuer@example.nz');
    const cappedPartner = await makePartner(t.stores, me.id, 'registered_valuer');
    const small = await placeAdvert(t.stores, { partnerId: cappedPartner, userId: me.id, role: 'registered_valuer' });
    const second = await buildApp(t.deps);
    try {
      const cap = 7;
      const send = async (app: FastifyInstance, i: number) => {
        const cookie = newAdCookie();
        const payload = { adContentId: small.adContentId, placement: 'sidebar_valuation', userAgent: BROWSER, serveToken: await serveTokenFor(t.deps, cookie, small, { cap }) };
        return app.inject({ method: 'POST', url: '/api/ads/impression', payload, headers: { 'user-agent': BROWSER }, cookies: { [AD_SESSION_COOKIE]: cookie }, remoteAddress: `198.19.7.${i + 1}` });
      };
      const answers = await Promise.all(Array.from({ length: 40 }, (_, i) => send(i % 2 ? second : t.app, i)));
      expect(answers.filter((r) => r.json().recorded).length).toBe(cap);
      expect(answers.filter((r) => r.json().reason === 'capped').length).toBe(40 - cap);
      const written = (await adActivityEvents(t.stores)).filter((e) => (e.data as { adContentId: string }).adContentId === small.adContentId);
      expect(written).toHaveLength(cap);
    } finally {
      await second.close();
    }
    // The allowance stream never reserved past the cap, and what a process held unused was given back at its close.
    const allowance = await t.stores.eventStore.readStream(adImpressionAllowanceStream(small.subscriptionId, nzDayOf(new Date().toISOString()).slice(0, 7)));
    const reserved = allowance.reduce((n, e) => n + (e.type === 'AdImpressionsReserved' ? (e.data as { count: number }).count : 0), 0);
    expect(reserved).toBeLessThanOrEqual(7);
  });

  it('leaves a partner’s figures, cap and listing untouched by a flood of invalid traffic from many addresses and sessions, and shows the flood to admins', async () => {
    const victimClient = client(t.app);
    const me = await victimClient.register('flooded-valuer@example.nz');
    const victimPartner = await makePartner(t.stores, me.id, 'registered_valuer');
    const victim = await placeAdvert(t.stores, { partnerId: victimPartner, userId: me.id, role: 'registered_valuer' });
    const figures = async () => {
      await waitForProjection(t.stores.readStore, 'ad_analytics', await t.stores.eventStore.headPosition());
      return (await victimClient.get('/api/partner/ad-performance?role=registered_valuer&days=1')).json().totals;
    };
    const before = await figures();
    const beforeFiltered = await filteredReasons();
    // 2,100 impressions and 300 clicks from 20 addresses: without a cookie, with a cookie but no
    // token, with a token made up or served to someone else, and a competitor's script that asks
    // for the list each time but sends another placement.
    const kinds = [
      (i: number) => ({ cookie: null, token: undefined, ip: `100.64.0.${i % 20}` }),
      (i: number) => ({ cookie: newAdCookie(), token: null, ip: `100.64.0.${i % 20}` }),
      (i: number) => ({ cookie: newAdCookie(), token: `${'x'.repeat(40)}.${'y'.repeat(22)}`, ip: `100.64.0.${i % 20}` }),
      async (i: number) => ({ cookie: newAdCookie(), token: await serveTokenFor(t.deps, newAdCookie(), victim), ip: `100.64.0.${i % 20}` }),
      async (i: number) => {
        const cookie = newAdCookie();
        return { cookie, token: await serveTokenFor(t.deps, cookie, victim, { placement: 'property_results' }), ip: `100.64.0.${i % 20}` };
      },
    ];
    const flood = (kind: 'impression' | 'click', n: number) =>
      Promise.all(
        Array.from({ length: n }, async (_, i) => {
          const { cookie, token, ip } = await kinds[i % kinds.length]!(i);
          const payload = { adContentId: victim.adContentId, placement: 'sidebar_valuation', userAgent: BROWSER, city: 'Gore', ...(token === undefined ? {} : { serveToken: token }) };
          return t.app.inject({ method: 'POST', url: `/api/ads/${kind}`, payload, headers: { 'user-agent': BROWSER }, cookies: cookie ? { [AD_SESSION_COOKIE]: cookie } : {}, remoteAddress: ip });
        }),
      );
    const answers = [...(await flood('impression', 2_100)), ...(await flood('click', 300))];
    expect(answers.filter((r) => r.json().recorded)).toHaveLength(0);

    expect(await figures()).toEqual(before);
    // The cap was never touched: no impression of this month was reserved for the advert.
    expect(await t.stores.eventStore.readStream(adImpressionAllowanceStream(victim.subscriptionId, nzDayOf(new Date().toISOString()).slice(0, 7)))).toEqual([]);
    const listed = await t.app.inject({ method: 'GET', url: '/api/ads/active?placement=sidebar_valuation&city=Auckland', remoteAddress: address() });
    expect((listed.json() as { adContentId: string }[]).map((a) => a.adContentId)).toContain(victim.adContentId);
    // Admins see all of it, counted apart with its reasons.
    const after = await filteredReasons();
    const gained = (field: 'impressions' | 'clicks') => Object.keys(after).reduce((n, reason) => n + after[reason]![field] - (beforeFiltered[reason]?.[field] ?? 0), 0);
    expect(gained('impressions')).toBe(2_100);
    expect(gained('clicks')).toBe(300);
    const byPartner = (await admin.get('/api/admin/ad-traffic-filtered')).json().byPartner as { partnerId: string; impressions: number; clicks: number }[];
    expect(byPartner.find((p) => p.partnerId === victimPartner)).toMatchObject({ impressions: 2_100, clicks: 300 });
  });

  it('records nothing for a bot or a request without a user agent, but tallies it for the admin', async () => {
    const before = await adActivityCount(t.stores);
    const crawler = await browser().send('impression', { adContentId: ad.adContentId }, { 'user-agent': 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)' });
    expect(crawler.json()).toEqual({ recorded: false, reason: 'bot' });
    expect(crawler.headers['set-cookie']).toBeUndefined();
    expect((await browser().send('click', { adContentId: ad.adContentId, userAgent: 'curl/8.5.0' })).json()).toEqual({ recorded: false, reason: 'bot' });
    expect((await browser().send('impression', { adContentId: ad.adContentId }, {})).json()).toEqual({ recorded: false, reason: 'bot' });
    expect(await adActivityCount(t.stores)).toBe(before);
    const bots = (await filteredReasons()).bot!;
    expect(bots.impressions).toBeGreaterThanOrEqual(2);
    expect(bots.clicks).toBeGreaterThanOrEqual(1);
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

  it('loses nothing under a few hundred concurrent impressions: events in the log = impressions accepted', async () => {
    const before = await adActivityCount(t.stores);
    const answers = await Promise.all(Array.from({ length: 400 }, () => browser().send('impression', { adContentId: ad.adContentId })));
    const accepted = answers.filter((r) => r.statusCode === 200 && r.json().recorded === true).length;
    expect(answers.every((r) => r.statusCode === 200 || r.statusCode === 503)).toBe(true);
    expect(accepted).toBeGreaterThan(0);
    expect(await adActivityCount(t.stores)).toBe(before + accepted);
    const ids = new Set((await adActivityEvents(t.stores)).map((e) => e.id));
    expect(ids.size).toBe(before + accepted);
  });

  it('shows the partner only what counted: its impressions, clicks and click-through per NZ day', async () => {
    const head = await t.stores.eventStore.headPosition();
    await waitForProjection(t.stores.readStore, 'ad_analytics', head);
    const recordedEvents = (await adActivityEvents(t.stores)).filter((e) => (e.data as { partnerId: string }).partnerId === partnerId);
    const impressions = recordedEvents.filter((e) => e.type === 'AdImpressionRecorded').length;
    const clicks = recordedEvents.filter((e) => e.type === 'AdClickRecorded').length;
    const res = await partner.get('/api/partner/ad-performance?role=registered_valuer&days=7');
    expect(res.statusCode, res.body).toBe(200);
    const view = res.json();
    expect(view.days).toHaveLength(7);
    expect(view.days.at(-1)).toEqual({ date: nzDayOf(new Date().toISOString()), impressions, clicks, leads: 0 });
    expect(view.totals).toEqual({ impressions, clicks, leads: 0, clickThroughRate: clicks / impressions });
    expect((await partner.get('/api/partner/ad-performance?role=registered_valuer&days=0')).statusCode).toBe(400);
    expect((await client(t.app).get('/api/partner/ad-performance')).statusCode).toBe(401);
    expect((await partner.get('/api/admin/ad-traffic-filtered')).statusCode).toBe(403);
  });
});
