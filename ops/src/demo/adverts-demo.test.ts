import { seedAdPlans } from '@kainga/command-api';
import { client, startTestApp, type TestApp } from '@kainga/command-api/testing';
import type { ActiveAd, AdminAdSubscriptionView } from '@kainga/contracts';
import { createActivities, createWorkflowEngine } from '@kainga/workflows';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadAdPlans } from '../ad-plans-config';
import { DEMO_PASSWORD, demoSeedPending, seedDemoData, type DemoSize } from '../demo-data';
import { demoAdverts } from './adverts-demo';

/** Three towns only (Auckland, Wellington, Christchurch), as demo-data.test.ts keeps it. */
/** The first three towns of the list only, to keep the seed small. */
const firstThree = (l: { id: string }) => ['auckland', 'orewa', 'pukekohe'].includes(l.id);
const size: DemoSize = { salesPerCity: (l) => (firstThree(l) ? 6 : 0), propertiesPerCity: (l) => (firstThree(l) ? 3 : 0) };
const now = new Date('2026-11-20T09:00:00.000Z');

/** A test app with the shipped plans seeded, as the start-up seeds them before the demo data. */
async function start(plans = loadAdPlans(undefined)) {
  const t = await startTestApp({}, async (base) => ({
    workflowEngine: await createWorkflowEngine({}, createActivities({ stores: base.stores, geocoder: base.geocoder, openai: null, logger: base.logger }), { sleep: async () => undefined }),
  }));
  await seedAdPlans(t.deps, plans);
  return t;
}

const facts = async (t: TestApp) => (await t.stores.eventStore.readAll({ limit: 100_000 })).map((e) => `${e.streamName} ${e.type} ${e.id}`);

async function active(t: TestApp, query: string) {
  const res = await t.app.inject({ method: 'GET', url: `/api/ads/active?${query}` });
  expect(res.statusCode, query).toBe(200);
  return res.json() as ActiveAd[];
}

describe('the advertising demo', () => {
  let t: TestApp;
  let seeded: Awaited<ReturnType<typeof seedDemoData>>;
  beforeAll(async () => {
    t = await start();
    seeded = await seedDemoData(t.deps, { now, size });
  }, 120_000);
  afterAll(() => t.close());

  it('shows the demo gold registered valuers in the Auckland valuation sidebar', async () => {
    const ads = await active(t, 'placement=sidebar_valuation&city=Auckland&targetRole=registered_valuer');
    expect(ads.length).toBeGreaterThan(0);
    for (const ad of ads) {
      expect(ad).toMatchObject({ tier: 'gold', partnerRole: 'registered_valuer', cityName: 'Auckland', demo: true });
      expect(ad.businessName).toContain('(demo)');
      expect(ad.ctaUrl).toMatch(/^https:\/\/example\.com\//);
    }
    expect(ads.map((a) => a.title)).toContain('Bank-accepted registered valuations in Auckland');
  });

  it('fills each consumer placement of the main cities the demo partners serve', async () => {
    const count = async (query: string) => (await active(t, query)).length;
    expect(await count('placement=sidebar_valuation&city=Wellington&targetRole=registered_valuer')).toBe(1);
    for (const city of ['Auckland', 'Wellington', 'Christchurch']) expect(await count(`placement=mortgage_calculator&city=${city}&targetRole=mortgage-broker`), city).toBe(1);
    for (const city of ['Auckland', 'Christchurch']) expect(await count(`placement=rental_assessment&city=${city}&targetRole=property-manager`), city).toBe(1);
    // Property results: gold first, then silver and bronze.
    expect((await active(t, 'placement=property_results&city=Auckland')).map((a) => a.tier)).toEqual(['gold', 'gold', 'silver']);
    expect((await active(t, 'placement=property_results&city=Tauranga')).map((a) => a.tier)).toEqual(['silver', 'bronze']);
    expect((await active(t, 'placement=property_results&city=Hamilton')).map((a) => a.tier)).toEqual(['gold', 'bronze']);
  });

  it('allocates and approves every demo advert, flagged demo, as the admin sees them', async () => {
    expect(seeded.adverts).toEqual({ adverts: { gold: 6, silver: 4, bronze: 2 }, skipped: 0 });
    const events = await t.stores.eventStore.readAll({ limit: 100_000 });
    const flags = (type: string) => events.filter((e) => e.type === type).map((e) => (e.data as { demo?: unknown }).demo);
    expect(flags('AdSubscriptionStarted')).toEqual(Array(demoAdverts.length).fill(true));
    expect(flags('AdContentSubmitted')).toEqual(Array(demoAdverts.length).fill(true));
    expect(events.filter((e) => e.type === 'AdContentApproved')).toHaveLength(demoAdverts.length);

    const admin = client(t.app);
    expect((await admin.post('/api/auth/login', { email: 'admin@demo.kainga.nz', password: DEMO_PASSWORD })).statusCode).toBe(200);
    const subscriptions = (await admin.get('/api/admin/partner-ad-subscriptions')).json() as AdminAdSubscriptionView[];
    expect(subscriptions).toHaveLength(demoAdverts.length);
    expect(subscriptions.every((s) => s.demo && s.status === 'active' && s.partner.email.endsWith('@demo.kainga.nz'))).toBe(true);
  });

  it('adds nothing when it runs again', async () => {
    const before = await facts(t);
    expect(await demoSeedPending(t.stores.eventStore)).toBe(false);
    expect(await seedDemoData(t.deps, { now: new Date(now.getTime() + 86_400_000), size })).toEqual(seeded);
    expect(await facts(t)).toEqual(before);
  }, 60_000);
});

describe('a demo store seeded before advertising existed', () => {
  it('gets the adverts at its next start, once; tiers without a plan are left out', async () => {
    // A plans file without bronze.
    const t = await start(loadAdPlans(undefined).filter((p) => p.tier !== 'bronze'));
    try {
      await seedDemoData(t.deps, { now, size, adverts: false });
      expect(await demoSeedPending(t.stores.eventStore)).toBe(true);
      const seeded = await seedDemoData(t.deps, { now: new Date(now.getTime() + 30 * 86_400_000), size });
      expect(seeded.adverts).toEqual({ adverts: { gold: 6, silver: 4, bronze: 0 }, skipped: 2 });
      expect(await demoSeedPending(t.stores.eventStore)).toBe(false);
      expect(await active(t, 'placement=sidebar_valuation&city=Auckland&targetRole=registered_valuer')).toHaveLength(1);
    } finally {
      await t.close();
    }
  }, 120_000);
});
