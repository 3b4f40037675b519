import { waitForProjection } from '@kainga/platform';
import { nzDayOf } from '@kainga/projections';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, makePartner, newAdCookie, placeAdvert, registerAdmin, serveTokenFor, startTestApp, type TestApp } from '../../testing/test-app';
import { AD_SESSION_COOKIE } from './ad-visitor';
import { firstDayOf } from './performance-routes';

const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36';

describe('GET /api/admin/ad-performance', () => {
  let t: TestApp;
  let admin: ReturnType<typeof client>;
  let partner: ReturnType<typeof client>;
  const today = nzDayOf(new Date().toISOString());

  beforeAll(async () => {
    t = await startTestApp({ ADMIN_EMAILS: 'ads-boss@example.nz' });
    admin = client(t.app);
    await registerAdmin(t, admin, 'ads-boss@example.nz');
    partner = client(t.app);
    const me = await partner.register('valuer-perf@example.nz');
    const partnerId = await makePartner(t.stores, me.id, 'registered_valuer');
    const ad = await placeAdvert(t.stores, { partnerId, userId: me.id, role: 'registered_valuer' });
    // Three browsers are served the advert in the sidebar, one on the mortgage calculator; one clicks.
    const cookies = new Map<string, string>();
    const send = async (kind: 'impression' | 'click', ip: string, placement: 'sidebar_valuation' | 'mortgage_calculator') => {
      const cookie = cookies.get(ip) ?? newAdCookie();
      cookies.set(ip, cookie);
      const serveToken = await serveTokenFor(t.deps, cookie, ad, { placement });
      return t.app.inject({ method: 'POST', url: `/api/ads/${kind}`, payload: { adContentId: ad.adContentId, placement, userAgent: BROWSER, city: 'Auckland', serveToken }, headers: { 'user-agent': BROWSER }, cookies: { [AD_SESSION_COOKIE]: cookie }, remoteAddress: ip });
    };
    for (const ip of ['203.0.113.1', '203.0.113.2', '203.0.113.3']) expect((await send('impression', ip, 'sidebar_valuation')).json()).toMatchObject({ recorded: true });
    expect((await send('impression', '203.0.113.4', 'mortgage_calculator')).json()).toMatchObject({ recorded: true });
    expect((await send('click', '203.0.113.1', 'sidebar_valuation')).json()).toMatchObject({ recorded: true });
    // A lead names no advert: it is charted under "none".
    const leadId = randomUUID();
    const at = new Date().toISOString();
    await t.stores.eventStore.append(
      `partnerLead-${leadId}`,
      [
        {
          id: randomUUID(),
          type: 'PartnerLeadReceived',
          data: { leadId, partnerId, userId: null, origin: 'partner_dialog', serviceType: 'ad_inquiry', propertyId: null, locationId: 'auckland', requestMessage: 'Hello', contactName: 'Mere', contactEmail: 'mere@example.nz', contactPhone: null, receivedAt: at, demo: false },
          metadata: { actorId: null, actorRoles: [], correlationId: randomUUID(), causationId: null, occurredAt: at },
        },
      ],
      { expectedRevision: 'no_stream' },
    );
    await waitForProjection(t.stores.readStore, 'ad_analytics', await t.stores.eventStore.headPosition());
  });
  afterAll(() => t?.close());

  it('answers the last 30 NZ days by tier and by placement from the live analytic model', async () => {
    const res = await admin.get('/api/admin/ad-performance');
    expect(res.statusCode, res.body).toBe(200);
    const view = res.json();
    expect(view.from).toBe(firstDayOf(today, 30));
    expect(view.to).toBe(today);
    expect(view.days).toHaveLength(30);
    expect(view.totals).toEqual({ impressions: 4, clicks: 1, leads: 1, clickThroughRate: 0.25 });
    const last = (series: { key: string; impressions: number[]; clicks: number[]; leads: number[]; clickThroughRate: number[] }) => ({
      key: series.key,
      impressions: series.impressions.at(-1),
      clicks: series.clicks.at(-1),
      clickThroughRate: series.clickThroughRate.at(-1),
      leads: series.leads.at(-1),
    });
    expect(view.byTier.map(last)).toEqual([
      { key: 'gold', impressions: 4, clicks: 1, clickThroughRate: 0.25, leads: 0 },
      { key: 'silver', impressions: 0, clicks: 0, clickThroughRate: 0, leads: 0 },
      { key: 'bronze', impressions: 0, clicks: 0, clickThroughRate: 0, leads: 0 },
      { key: 'none', impressions: 0, clicks: 0, clickThroughRate: 0, leads: 1 },
    ]);
    expect(view.byPlacement.map(last).slice(0, 2)).toEqual([
      { key: 'sidebar_valuation', impressions: 3, clicks: 1, clickThroughRate: 1 / 3, leads: 0 },
      { key: 'mortgage_calculator', impressions: 1, clicks: 0, clickThroughRate: 0, leads: 0 },
    ]);
    expect(view.byTier[0].impressions.slice(0, -1).every((n: number) => n === 0)).toBe(true);
  });

  it('answers a chosen range, every day present', async () => {
    const res = await admin.get('/api/admin/ad-performance?from=2026-02-27&to=2026-03-02');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().days).toEqual(['2026-02-27', '2026-02-28', '2026-03-01', '2026-03-02']);
    expect(res.json().totals).toEqual({ impressions: 0, clicks: 0, leads: 0, clickThroughRate: 0 });
    expect(res.json().byTier.map((s: { key: string }) => s.key)).toEqual(['gold', 'silver', 'bronze']);
  });

  it('refuses a bad range with a message saying why', async () => {
    const message = async (query: string) => {
      const res = await admin.get(`/api/admin/ad-performance?${query}`);
      expect(res.statusCode).toBe(400);
      return res.json().message as string;
    };
    expect(await message('from=2026-02-30')).toMatch(/from is not a day of the calendar/);
    expect(await message('to=03/01/2026')).toMatch(/to must be a day as YYYY-MM-DD/);
    expect(await message('from=2026-03-02&to=2026-03-01')).toMatch(/from must not be after to/);
    expect(await message('from=2024-01-01&to=2026-03-01')).toMatch(/at most 366/);
    expect(await message(`from=${firstDayOf(today, -1)}`)).toMatch(/must not be after to/);
  });

  it('refuses partners and general users (403) and the signed out (401)', async () => {
    const partnerRes = await partner.get('/api/admin/ad-performance');
    expect(partnerRes.statusCode).toBe(403);
    expect(partnerRes.json()).toEqual({ message: expect.any(String) });
    const general = client(t.app);
    await general.register('just-looking@example.nz');
    expect((await general.get('/api/admin/ad-performance')).statusCode).toBe(403);
    expect((await client(t.app).get('/api/admin/ad-performance')).statusCode).toBe(401);
  });
});
