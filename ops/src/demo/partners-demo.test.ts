import { emailSenderOf, publicOrigin } from '@kainga/command-api';
import { client, startTestApp, type TestApp } from '@kainga/command-api/testing';
import type { AdminPartnerView, LocalPartner, MyMessageView, MyRoleEntry, PartnerApplicationView, PartnerContactView, PartnerLeadView } from '@kainga/contracts';
import { readOutbox } from '@kainga/platform';
import { waitFor } from '@kainga/platform/testing';
import { createActivities, createWorkflowEngine, leadEmailsReactor } from '@kainga/workflows';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, demoSeedPending, seedDemoData, type DemoSize } from '../demo-data';
import { demoPartners } from './partners-demo';

/** Three towns only (Auckland first), as demo-data.test.ts keeps it, so the seed stays small. */
/** The first three towns of the list only, to keep the seed small. */
const firstThree = (l: { id: string }) => ['auckland', 'orewa', 'pukekohe'].includes(l.id);
const size: DemoSize = { salesPerCity: (l) => (firstThree(l) ? 6 : 0), propertiesPerCity: (l) => (firstThree(l) ? 3 : 0) };
const now = new Date('2026-11-20T09:00:00.000Z');

async function start() {
  return startTestApp(
    {},
    async (base) => ({
      workflowEngine: await createWorkflowEngine({}, createActivities({ stores: base.stores, geocoder: base.geocoder, openai: null, logger: base.logger }), { sleep: async () => undefined }),
    }),
    { reactors: (deps) => [leadEmailsReactor({ eventStore: deps.stores.eventStore, email: emailSenderOf(deps), origin: publicOrigin(deps.config) })] },
  );
}

/** Every event, as `stream type id`: a second seed must add none. */
const facts = async (t: TestApp) => (await t.stores.eventStore.readAll({ limit: 100_000 })).map((e) => `${e.streamName} ${e.type} ${e.id}`);

async function signIn(t: TestApp, email: string) {
  const c = client(t.app);
  const res = await c.post('/api/auth/login', { email, password: DEMO_PASSWORD });
  expect(res.statusCode, email).toBe(200);
  return c;
}

describe('the marketplace demo', () => {
  let t: TestApp;
  let seeded: Awaited<ReturnType<typeof seedDemoData>>;
  beforeAll(async () => {
    t = await start();
    seeded = await seedDemoData(t.deps, { now, size });
  });
  afterAll(() => t.close());

  it('makes every demo partner account an active partner in its role and cities', async () => {
    expect(seeded.partners?.partners).toBe(9);
    for (const partner of demoPartners) {
      const c = await signIn(t, partner.email);
      const roles = (await c.get('/api/my-roles')).json() as MyRoleEntry[];
      expect(roles.map((r) => [r.roleId, r.locationId, r.status]).sort(), partner.email).toEqual(partner.locations.map((l) => [partner.role, l, 'active']).sort());
      const profile = (await c.get('/api/partner/profile')).json().partnerData;
      expect(profile).toMatchObject({ businessName: partner.businessName, licenseNumber: partner.licenseNumber, officeSize: partner.officeSize, contactEmail: partner.email });
      expect(profile.bio).toContain('demo partner');
    }
  });

  it('lists partners of all three roles in Auckland, with full profiles and images the uploads route serves', async () => {
    const listed = (await t.app.inject({ method: 'GET', url: '/api/partners/location/auckland' })).json() as LocalPartner[];
    expect(new Set(listed.map((p) => p.roleId))).toEqual(new Set(['mortgage_broker', 'registered_valuer', 'property_manager']));
    const images = new Set<string>();
    for (const partner of listed) {
      expect(partner.businessName).toContain('(demo)');
      expect(partner.demo, partner.businessName).toBe(true);
      expect(partner.contactEmail).toMatch(/@demo\.kainga\.nz$/);
      expect(partner).toMatchObject({ contactPhone: expect.any(String), bio: expect.any(String), businessDescription: expect.any(String), officeSize: expect.any(Number), experienceYears: expect.any(Number) });
      for (const path of [partner.profileImage, partner.companyImage]) {
        expect(path).toMatch(/^\/api\/uploads\/(profile|company)-images\//);
        const res = await t.app.inject({ method: 'GET', url: path! });
        expect(res.statusCode, path!).toBe(200);
        expect(res.headers['content-type']).toMatch(/^image\/(png|webp)$/);
        expect((await sharp(res.rawPayload).metadata()).width).toBe(256);
        images.add(path!);
      }
    }
    expect(images.size).toBe(listed.length * 2);
  });

  it('holds applications pending, approved and rejected (with its reason)', async () => {
    const admin = await signIn(t, 'admin@demo.kainga.nz');
    const applications = (await admin.get('/api/admin/partner-applications')).json() as PartnerApplicationView[];
    const count = (status: string) => applications.filter((a) => a.applicationStatus === status).length;
    expect({ pending: count('pending'), approved: count('approved'), rejected: count('rejected') }).toEqual(seeded.partners?.applications);
    expect(seeded.partners?.applications).toEqual({ pending: 3, approved: 6, rejected: 1 });
    expect(applications.find((a) => a.applicationStatus === 'rejected')).toMatchObject({ adminNotes: expect.stringContaining('apply again') });
  });

  it('gives the partners requests in every status from the demo owner and neighbours, and emails the responses', async () => {
    const statuses: Record<string, number> = {};
    const responded: PartnerLeadView[] = [];
    for (const partner of demoPartners) {
      const c = await signIn(t, partner.email);
      const leads = (await c.get('/api/partner-leads')).json() as PartnerLeadView[];
      expect(leads.length, partner.email).toBeGreaterThanOrEqual(3);
      for (const lead of leads) {
        statuses[lead.leadStatus] = (statuses[lead.leadStatus] ?? 0) + 1;
        expect(lead.contactEmail).toMatch(/^(owner|neighbour\d)@demo\.kainga\.nz$/);
        if (lead.leadStatus === 'responded') responded.push(lead);
      }
    }
    expect(statuses).toEqual(seeded.partners?.leads);
    expect(Object.values(statuses).every((n) => n > 0)).toBe(true);
    // Some are about the client's own demo homes.
    const owner = await signIn(t, 'owner@demo.kainga.nz');
    const messages = (await owner.get('/api/my-messages')).json() as MyMessageView[];
    expect(messages.some((m) => m.propertyId !== null && m.requestMessage.includes('It is about'))).toBe(true);
    expect(messages.some((m) => m.partnerResponse !== null)).toBe(true);
    // The reactor mails each response to its client (DATA_DIR/outbox).
    const outbox = () => readOutbox(join(t.dataDir, 'outbox'));
    await waitFor(async () => (await outbox()).filter((m) => m.subject.endsWith('has responded to your enquiry')).length === responded.length);
  });

  it('flags every seeded partner, application and request demo, in the events and in every answer', async () => {
    const events = await t.stores.eventStore.readAll({ limit: 100_000 });
    const seededOf = (type: string) => events.filter((e) => e.type === type).map((e) => (e.data as { demo?: unknown }).demo);
    expect(seededOf('PartnerEnrolled')).toEqual(Array(9).fill(true));
    expect(seededOf('PartnerApplicationSubmitted')).toEqual(Array(10).fill(true));
    const leads = seededOf('PartnerLeadReceived');
    expect(leads.length).toBe(Object.values(seeded.partners!.leads).reduce((a, b) => a + b, 0));
    expect(leads.every((d) => d === true)).toBe(true);

    const admin = await signIn(t, 'admin@demo.kainga.nz');
    const applications = (await admin.get('/api/admin/partner-applications')).json() as PartnerApplicationView[];
    expect(applications.map((a) => a.demo)).toEqual(Array(10).fill(true));
    const partners = (await admin.get('/api/admin/partners')).json() as AdminPartnerView[];
    expect(partners.map((p) => p.demo)).toEqual(Array(9).fill(true));
    for (const partner of demoPartners) {
      const c = await signIn(t, partner.email);
      const contacts = (await c.get('/api/partner-contacts')).json() as PartnerContactView[];
      const asLeads = (await c.get('/api/partner-leads')).json() as PartnerLeadView[];
      expect(contacts.length, partner.email).toBeGreaterThan(0);
      expect([...contacts, ...asLeads].every((x) => x.demo), partner.email).toBe(true);
    }
  });

  it('adds nothing when it runs again', async () => {
    const before = await facts(t);
    expect(await demoSeedPending(t.stores.eventStore)).toBe(false);
    expect(await seedDemoData(t.deps, { now: new Date(now.getTime() + 86_400_000), size })).toEqual(seeded);
    expect(await facts(t)).toEqual(before);
  });
});

describe('a demo store seeded before the marketplace existed', () => {
  it('gets the partners at its next start, once, and no second market', async () => {
    const t = await start();
    try {
      await seedDemoData(t.deps, { now, size, partners: false });
      const market = (await facts(t)).filter((f) => f.startsWith('sale-') || f.startsWith('property-') || f.startsWith('valuation-'));
      expect(await demoSeedPending(t.stores.eventStore)).toBe(true);

      const later = new Date(now.getTime() + 30 * 86_400_000);
      const seeded = await seedDemoData(t.deps, { now: later, size });
      expect(seeded.partners?.partners).toBe(9);
      expect(await demoSeedPending(t.stores.eventStore)).toBe(false);
      expect((await facts(t)).filter((f) => f.startsWith('sale-') || f.startsWith('property-') || f.startsWith('valuation-'))).toEqual(market);
      const listed = (await t.app.inject({ method: 'GET', url: '/api/partners/location/auckland' })).json() as LocalPartner[];
      expect(listed).toHaveLength(3);
    } finally {
      await t.close();
    }
  });
});
