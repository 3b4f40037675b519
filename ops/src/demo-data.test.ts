import { seedAdPlans } from '@kainga/command-api';
import { startTestApp, type TestApp } from '@kainga/command-api/testing';
import { waitForProjection } from '@kainga/platform';
import { publicStats } from '@kainga/projections';
import { createActivities, createWorkflowEngine } from '@kainga/workflows';
import { afterEach, describe, expect, it } from 'vitest';
import { loadAdPlans } from './ad-plans-config';
import { DEMO_PASSWORD, demoSeedPending, seedDemoData, type DemoSize } from './demo-data';

/** A few towns only, so the whole seed (through the real valuation workflow) stays small. */
/** The first three towns of the list only, to keep the seed small. */
const firstThree = (l: { id: string }) => ['auckland', 'orewa', 'pukekohe'].includes(l.id);
const size: DemoSize = { salesPerCity: (l) => (firstThree(l) ? 6 : 0), propertiesPerCity: (l) => (firstThree(l) ? 3 : 0) };
const now = new Date('2026-11-20T09:00:00.000Z');

const apps: TestApp[] = [];
afterEach(async () => {
  await Promise.all(apps.splice(0).map((a) => a.close()));
});

async function start() {
  const t = await startTestApp({}, async (base) => ({
    workflowEngine: await createWorkflowEngine({}, createActivities({ stores: base.stores, geocoder: base.geocoder, openai: null, logger: base.logger }), { sleep: async () => undefined }),
  }));
  apps.push(t);
  // The plans the start-up seeds before the demo data (ops/src/server.ts).
  await seedAdPlans(t.deps, loadAdPlans(undefined));
  return t;
}

/** How many events of each type the log holds, and whether any stream holds the same fact twice. */
async function census(t: TestApp) {
  const events = await t.stores.eventStore.readAll({ limit: 100_000 });
  const byType: Record<string, number> = {};
  for (const e of events) byType[e.type] = (byType[e.type] ?? 0) + 1;
  const facts = events.map((e) => `${e.streamName} ${e.type}`);
  return { byType, repeated: facts.filter((f, i) => facts.indexOf(f) !== i) };
}

/** Stops the seed part way, as a kill -9 would. */
const killAt = (phase: string, after: number) => (p: string, done: number) => {
  if (p === phase && done === after) throw new Error(`killed during ${phase}`);
};

describe('demo seeding', () => {
  it('finishes after an interrupted first start, with the same data as an uninterrupted one and nothing twice', async () => {
    const clean = await start();
    const expected = await seedDemoData(clean.deps, { now, size });
    const reference = await census(clean);

    const t = await start();
    expect(await demoSeedPending(t.stores.eventStore)).toBe(true);
    await expect(seedDemoData(t.deps, { now, size, onProgress: killAt('accounts', 4) })).rejects.toThrow('killed during accounts');
    expect(await demoSeedPending(t.stores.eventStore)).toBe(true);
    // The restart comes later: its "today" must not move the generated data.
    const later = new Date(now.getTime() + 3 * 86_400_000);
    await expect(seedDemoData(t.deps, { now: later, size, onProgress: killAt('properties', 5) })).rejects.toThrow('killed during properties');
    expect(await demoSeedPending(t.stores.eventStore)).toBe(true);
    await expect(seedDemoData(t.deps, { now: later, size, onProgress: killAt('partners', 20) })).rejects.toThrow('killed during partners');
    expect(await demoSeedPending(t.stores.eventStore)).toBe(true);
    await expect(seedDemoData(t.deps, { now: later, size, onProgress: killAt('adverts', 5) })).rejects.toThrow('killed during adverts');
    expect(await demoSeedPending(t.stores.eventStore)).toBe(true);
    expect(await seedDemoData(t.deps, { now: later, size })).toEqual(expected);
    expect(await demoSeedPending(t.stores.eventStore)).toBe(false);

    const resumed = await census(t);
    expect(resumed.byType).toEqual(reference.byType);
    const adverts = Object.values(expected.adverts!.adverts).reduce((a, b) => a + b, 0);
    expect(adverts).toBe(12);
    expect(resumed.byType).toMatchObject({
      UserRegistered: 16,
      DemoSeedStarted: 3,
      DemoSeedCompleted: 3,
      PropertyRegistered: expected.properties,
      ValuationRequested: expected.valuations,
      AdSubscriptionStarted: adverts,
      AdContentSubmitted: adverts,
      AdContentApproved: adverts,
    });
    expect(resumed.repeated.sort()).toEqual(reference.repeated.sort());
    // The demo admin can sign in and is an admin.
    const login = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'admin@demo.kainga.nz', password: DEMO_PASSWORD } });
    expect(login.json().roles).toEqual(['general', 'admin']);
  }, 120_000);

  it('tells one timeline: members before their valuations, each valuation dated alike on every screen', async () => {
    const t = await start();
    await seedDemoData(t.deps, { now, size, partners: false });
    const events = await t.stores.eventStore.readAll({ limit: 100_000 });
    const data = (type: string) => events.filter((e) => e.type === type).map((e) => e.data as Record<string, string>);
    const joined = new Map(data('UserRegistered').map((u) => [u.userId, u.registeredAt!]));
    const requests = data('ValuationRequested');
    expect(requests.length).toBeGreaterThan(0);
    for (const r of requests) expect(Date.parse(joined.get(r.userId!)!)).toBeLessThan(Date.parse(r.requestedAt!));
    // The demo dates its valuations over past weeks and works them out now: a property's latest
    // valuation (kept from the result) carries the date the lists show, the request's.
    const requestedAt = new Map(requests.map((r) => [r.valuationId, r.requestedAt]));
    const results = data('ValuationCompleted');
    expect(results.length).toBe(requests.length);
    for (const c of results) expect(c.requestedAt).toBe(requestedAt.get(c.valuationId));
    expect(results.some((c) => c.requestedAt !== c.completedAt)).toBe(true);
    // The public stats count a valuation on the day it was asked for, as the lists date it: the
    // last 30 days hold the requests of those days, not every valuation worked out at seeding.
    await waitForProjection(t.stores.readStore, 'activity', events.at(-1)!.position);
    const sinceDay = new Date(now.getTime() - 30 * 86_400_000).toISOString().slice(0, 10);
    const lastThirtyDays = requests.filter((r) => r.requestedAt!.slice(0, 10) > sinceDay).length;
    expect(lastThirtyDays).toBeLessThan(requests.length);
    expect((await publicStats(t.stores.readStore, now)).recentValuationsCount).toBe(lastThirtyDays);
  }, 60_000);

  it('does not seed a store that already holds data from before the seed markers existed', async () => {
    const t = await start();
    await t.app.inject({ method: 'POST', url: '/api/auth/register', payload: { email: 'someone@example.nz', password: 'a long password', firstName: 'S', lastName: 'O' } });
    expect(await demoSeedPending(t.stores.eventStore)).toBe(false);
  });
});
