import { hasPermission, partnerRolesOf, routeAccess, ValuationRequest, type RoleName, type RouteAccess, type RouteKey } from '@kainga/contracts';
import { waitForProjection } from '@kainga/platform';
import type { HTTPMethods, LightMyRequestResponse } from 'fastify';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adPlanIdFor } from './advertising/plans/ad-plan';
import { seedTestAdPlans } from './advertising/plans/test-plans';
import { revokeRole as setRoles } from './leads/test-fixtures';
import { SESSION_COOKIE } from './plugins/sessions';
import { client, makePartner, sessionCookie, startTestApp, type TestApp } from './testing/test-app';
import { completeValuation, locateProperty, recordComparables, requestValuation } from './valuations/valuation-commands';

/**
 * One walk over every API route (contracts' routeAccess) with every kind of caller: signed out,
 * a general user who owns a property, a valuation and a request to a partner, another general
 * user, the partner the request went to, two other partners (one per partner role), and an
 * admin. Each call carries a valid body, since validation runs before the guard.
 */
type PersonaName = 'owner' | 'other' | 'broker' | 'valuer' | 'manager' | 'admin';
interface Persona {
  name: PersonaName;
  id: string;
  email: string;
  roles: RoleName[];
  cookie: string;
  ip: string;
}

const PASSWORD = 'correct horse battery';
const SECRET_MESSAGE = 'Walk-test request: please call me about the bach';
const ADDRESS = '12 Walk Street';

interface Call {
  url: string;
  body?: unknown;
  headers?: Record<string, string>;
}
interface Fixtures {
  personas: Record<PersonaName, Persona>;
  valuationId: string;
  propertyId: string;
  leadId: string;
  brokerPartnerId: string;
  directoryPartnerId: string;
  /** The broker's advertising subscription and its approved advert. */
  adSubscriptionId: string;
  adContentId: string;
  subscriptionId: string;
}

/** An owner-scoped route's owner data: who may see it, and a string of it no one else may read. */
interface Ownership {
  owners: PersonaName[];
  secret: (f: Fixtures) => string;
  /** The route addresses the owner's object by id: others are refused (403/404), not answered. */
  addressed?: true;
}

const tinyUpload = () => {
  const boundary = 'walkboundary';
  const body = [`--${boundary}`, 'Content-Disposition: form-data; name="profileImage"; filename="a.png"', 'Content-Type: image/png', '', 'not really an image', `--${boundary}--`, ''].join('\r\n');
  return { body, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
};
const token43 = 'A'.repeat(43);
const AD_TITLE = 'Walk-test advert: home loans';
const adBody = (f: Fixtures) => ({ subscriptionId: f.adSubscriptionId, title: AD_TITLE, description: 'Walk-test loans.', ctaUrl: 'https://walk.example.nz' });
const walkPlan = { tier: 'bronze', name: 'Bronze', monthlyPrice: 59, adWidth: 320, adHeight: 100, maxImpressions: 2000, allowedPlacements: ['property_results'] };

/** How each route is called, and which callers own what it answers. Keys must match routeAccess. */
const calls: Record<RouteKey, { call: (f: Fixtures, p: Persona | null) => Call; owner?: Ownership }> = {
  'GET /api/health': { call: () => ({ url: '/api/health' }) },
  'GET /api/ready': { call: () => ({ url: '/api/ready' }) },
  'GET /api/locations': { call: () => ({ url: '/api/locations' }) },
  'GET /api/roles': { call: () => ({ url: '/api/roles' }) },
  'GET /api/public/stats': { call: () => ({ url: '/api/public/stats' }) },
  'GET /api/summaries/valuations': { call: () => ({ url: '/api/summaries/valuations' }) },
  'GET /api/summaries/properties/:id': { call: (f) => ({ url: `/api/summaries/properties/${f.propertyId}` }) },
  'GET /api/public/property-locations': { call: () => ({ url: '/api/public/property-locations' }) },
  'GET /api/public/property-locations/extent': { call: () => ({ url: '/api/public/property-locations/extent' }) },
  'GET /api/public/property-locations/:id': { call: (f) => ({ url: `/api/public/property-locations/${f.propertyId}` }) },
  'GET /api/public/property-directory': { call: () => ({ url: '/api/public/property-directory' }) },
  'GET /api/public/property-directory/cities': { call: () => ({ url: '/api/public/property-directory/cities' }) },
  'GET /api/partners/location/:locationId': { call: () => ({ url: '/api/partners/location/auckland' }) },
  'GET /api/uploads/:kind/:file': { call: () => ({ url: `/api/uploads/profile/${randomUUID()}.png` }) },
  'GET /api/auth/providers': { call: () => ({ url: '/api/auth/providers' }) },
  'GET /api/auth/admin-email': { call: () => ({ url: `/api/auth/admin-email?token=${token43}` }) },
  'GET /api/login': { call: () => ({ url: '/api/login' }) },
  'GET /api/logout': { call: () => ({ url: '/api/logout' }) },
  'GET /api/login/:provider': { call: () => ({ url: '/api/login/google' }) },
  'GET /api/callback/:provider': { call: () => ({ url: '/api/callback/google?state=x&code=y' }) },
  'POST /api/auth/register': { call: () => ({ url: '/api/auth/register', body: { email: `walk-${randomUUID()}@example.nz`, password: PASSWORD, firstName: 'Walk', lastName: 'Er' } }) },
  'POST /api/auth/login': { call: (f, p) => ({ url: '/api/auth/login', body: { email: (p ?? f.personas.other).email, password: PASSWORD } }) },
  'GET /api/auth/invitation': { call: () => ({ url: `/api/auth/invitation?token=${token43}` }) },
  'POST /api/auth/invitation': { call: () => ({ url: '/api/auth/invitation', body: { token: token43, password: PASSWORD } }) },

  'GET /api/auth/user': { call: () => ({ url: '/api/auth/user' }), owner: { owners: ['owner'], secret: (f) => f.personas.owner.email } },
  // A zip (deflated, so a secret cannot be read off its bytes): profile/export.api.test.ts unzips it and checks whose data it holds.
  'GET /api/profile/export': { call: () => ({ url: '/api/profile/export' }) },
  // Without the password: past the guard, then refused (400), so no walker's account is deleted.
  'DELETE /api/profile': { call: () => ({ url: '/api/profile', body: {} }) },
  'PATCH /api/profile': {
    call: (f, p) => ({ url: '/api/profile', body: { firstName: 'Aroha', lastName: 'Ngata', email: p?.email ?? f.personas.other.email } }),
    owner: { owners: ['owner'], secret: (f) => f.personas.owner.email },
  },
  'GET /api/my-roles': { call: () => ({ url: '/api/my-roles' }), owner: { owners: ['broker'], secret: (f) => f.brokerPartnerId } },
  'GET /api/my-messages': { call: () => ({ url: '/api/my-messages' }), owner: { owners: ['owner'], secret: () => SECRET_MESSAGE } },

  'POST /api/research-comparables': { call: () => ({ url: '/api/research-comparables', body: { purpose: 'buying', address: '1 Other Road', city: 'Auckland' } }) },
  'POST /api/valuations': { call: () => ({ url: '/api/valuations', body: { purpose: 'buying', address: '1 Other Road', city: 'Auckland' } }) },
  'GET /api/valuations': { call: () => ({ url: '/api/valuations' }), owner: { owners: ['owner'], secret: (f) => f.valuationId } },
  'POST /api/valuations/:id/generate-report': {
    call: (f) => ({ url: `/api/valuations/${f.valuationId}/generate-report` }),
    owner: { owners: ['owner', 'admin'], secret: () => ADDRESS, addressed: true },
  },
  'GET /api/valuations/:id/report': {
    call: (f) => ({ url: `/api/valuations/${f.valuationId}/report` }),
    owner: { owners: ['owner', 'admin'], secret: () => ADDRESS, addressed: true },
  },
  'POST /api/valuations/:id/save': { call: (f) => ({ url: `/api/valuations/${f.valuationId}/save` }), owner: { owners: ['owner'], secret: (f) => f.valuationId, addressed: true } },
  'GET /api/properties/:id/map-details': {
    call: (f) => ({ url: `/api/properties/${f.propertyId}/map-details` }),
    owner: { owners: ['owner', 'admin'], secret: () => ADDRESS, addressed: true },
  },
  // Public: true is what the property already is, so the walk changes nothing.
  'GET /api/properties/:id/visibility': { call: (f) => ({ url: `/api/properties/${f.propertyId}/visibility` }), owner: { owners: ['owner'], secret: (f) => f.propertyId, addressed: true } },
  'PUT /api/properties/:id/visibility': {
    call: (f) => ({ url: `/api/properties/${f.propertyId}/visibility`, body: { public: true } }),
    owner: { owners: ['owner'], secret: (f) => f.propertyId, addressed: true },
  },

  'POST /api/partner-applications': {
    call: () => ({
      url: '/api/partner-applications',
      body: { requestedRoleId: 'property_manager', requestedLocationId: 'wellington', businessName: 'Walk Homes', contactEmail: 'walk@example.nz', businessDescription: 'Looking after rentals in Wellington.' },
    }),
  },
  'POST /api/upload/profile-image': { call: () => ({ url: '/api/upload/profile-image', ...tinyUpload() }) },
  'POST /api/upload/company-image': { call: () => ({ url: '/api/upload/company-image', ...tinyUpload() }) },

  'POST /api/partners/:id/contact': { call: (f) => ({ url: `/api/partners/${f.directoryPartnerId}/contact`, body: { name: 'Walker', email: 'walker@example.nz', message: 'Dialog hello' } }) },
  'POST /api/partner-contacts': {
    call: (f) => ({ url: '/api/partner-contacts', body: { partnerId: f.directoryPartnerId, message: 'Contact hello', propertyId: f.propertyId } }),
    owner: { owners: ['owner'], secret: () => ADDRESS, addressed: true },
  },
  'POST /api/partner-leads': {
    call: (f) => ({ url: '/api/partner-leads', body: { partnerId: f.directoryPartnerId, serviceType: 'General Enquiry', requestMessage: 'Lead hello', propertyLocation: 'auckland', propertyId: f.propertyId } }),
    owner: { owners: ['owner'], secret: () => ADDRESS, addressed: true },
  },

  'GET /api/partner/profile': { call: () => ({ url: '/api/partner/profile' }), owner: { owners: ['broker'], secret: (f) => f.personas.broker.email } },
  'PUT /api/partner/profile': {
    call: (_f, p) => ({
      url: '/api/partner/profile',
      body: { role: partnerRolesOf(p?.roles)[0] ?? 'mortgage_broker', firstName: 'Aroha', lastName: 'Ngata', businessName: 'Walk Partners', contactEmail: 'hello@walk.example.nz' },
    }),
  },
  'GET /api/partner-contacts': { call: () => ({ url: '/api/partner-contacts' }), owner: { owners: ['broker'], secret: () => SECRET_MESSAGE } },
  'GET /api/partner-leads': { call: () => ({ url: '/api/partner-leads' }), owner: { owners: ['broker'], secret: () => SECRET_MESSAGE } },
  'GET /api/partner/stats': { call: () => ({ url: '/api/partner/stats' }) },
  'PATCH /api/partner-contacts/:id/read': { call: (f) => ({ url: `/api/partner-contacts/${f.leadId}/read` }), owner: { owners: ['broker'], secret: () => SECRET_MESSAGE, addressed: true } },
  'POST /api/partner-leads/:id/respond': {
    call: (f) => ({ url: `/api/partner-leads/${f.leadId}/respond`, body: { response: 'Happy to help' } }),
    owner: { owners: ['broker'], secret: () => SECRET_MESSAGE, addressed: true },
  },

  'GET /api/admin/users': { call: () => ({ url: '/api/admin/users' }) },
  'PATCH /api/admin/users/:userId/roles': { call: (f) => ({ url: `/api/admin/users/${f.personas.other.id}/roles`, body: { roles: ['general'] } }) },
  'GET /api/admin/users/:userId/export': { call: (f) => ({ url: `/api/admin/users/${f.personas.other.id}/export?reason=Walk-test%20access%20request` }) },
  // An account that does not exist: past the guard, then 404, so no walker is erased.
  'POST /api/admin/users/:userId/erase': { call: () => ({ url: `/api/admin/users/${randomUUID()}/erase`, body: { reason: 'Walk-test erasure request' } }) },
  // An address that sent nothing: past the guard, then 404.
  'POST /api/admin/visitors/erase': { call: () => ({ url: '/api/admin/visitors/erase', body: { email: `nobody-${randomUUID()}@example.nz`, reason: 'Walk-test erasure request' } }) },
  'GET /api/admin/properties': { call: () => ({ url: '/api/admin/properties' }) },
  'GET /api/admin/stats': { call: () => ({ url: '/api/admin/stats' }) },
  'GET /api/admin/partner-applications': { call: () => ({ url: '/api/admin/partner-applications' }) },
  'POST /api/admin/partner-applications/:id/approve': { call: () => ({ url: '/api/admin/partner-applications/no-such-application/approve' }) },
  'POST /api/admin/partner-applications/:id/reject': { call: () => ({ url: '/api/admin/partner-applications/no-such-application/reject', body: { reason: 'Not now' } }) },
  'GET /api/admin/partners': { call: () => ({ url: '/api/admin/partners' }) },
  'POST /api/admin/create-partner': {
    call: () => ({
      url: '/api/admin/create-partner',
      body: { email: `made-${randomUUID()}@example.nz`, firstName: 'Made', lastName: 'Partner', roleId: 'registered_valuer', locationId: 'auckland', businessName: 'Made Valuers' },
    }),
  },
  'GET /api/admin/outbox': { call: () => ({ url: '/api/admin/outbox' }) },
  'GET /api/admin/events': { call: () => ({ url: '/api/admin/events?limit=5' }) },
  'GET /api/admin/events/export': { call: () => ({ url: '/api/admin/events/export?format=csv&type=UserRegistered' }) },
  'GET /api/admin/streams/:stream': { call: (f) => ({ url: `/api/admin/streams/user-${f.personas.owner.id}` }) },
  'GET /api/admin/ad-events': { call: () => ({ url: '/api/admin/ad-events?format=csv' }) },

  'GET /api/admin/ad-content': { call: () => ({ url: '/api/admin/ad-content' }) },
  'POST /api/admin/ad-content/:id/approve': { call: () => ({ url: '/api/admin/ad-content/no-such-advert/approve' }) },
  'POST /api/admin/ad-content/:id/reject': { call: () => ({ url: '/api/admin/ad-content/no-such-advert/reject', body: { reason: 'Not now' } }) },
  'GET /api/partner/ad-content': { call: () => ({ url: '/api/partner/ad-content' }), owner: { owners: ['broker'], secret: () => AD_TITLE } },
  'POST /api/partner/ad-content': { call: (f) => ({ url: '/api/partner/ad-content', body: adBody(f) }), owner: { owners: ['broker'], secret: (f) => f.adSubscriptionId, addressed: true } },
  'PUT /api/partner/ad-content/:id': { call: (f) => ({ url: `/api/partner/ad-content/${f.adContentId}`, body: adBody(f) }), owner: { owners: ['broker'], secret: () => AD_TITLE, addressed: true } },
  'PATCH /api/partner/ad-content/:id/status': {
    call: (f) => ({ url: `/api/partner/ad-content/${f.adContentId}/status`, body: { status: 'active' } }),
    owner: { owners: ['broker'], secret: () => AD_TITLE, addressed: true },
  },
  'POST /api/upload/ad-image': { call: () => ({ url: '/api/upload/ad-image', ...tinyUpload() }) },
  'GET /api/ads/active': { call: () => ({ url: '/api/ads/active?placement=mortgage_calculator&city=Auckland&targetRole=mortgage-broker' }) },

  'GET /api/partner/ad-performance': { call: () => ({ url: '/api/partner/ad-performance?days=7' }) },
  'GET /api/admin/ad-performance': { call: () => ({ url: '/api/admin/ad-performance?from=2026-03-01&to=2026-03-07' }) },
  'GET /api/admin/ad-traffic-filtered': { call: () => ({ url: '/api/admin/ad-traffic-filtered?from=2026-03-01&to=2026-03-07' }) },
  // Public: an unknown advert answers 404 to everyone.
  'POST /api/ads/impression': { call: () => ({ url: '/api/ads/impression', body: { adContentId: 'no-such-advert', placement: 'sidebar_valuation', userAgent: 'Mozilla/5.0' } }) },
  'POST /api/ads/click': { call: () => ({ url: '/api/ads/click', body: { adContentId: 'no-such-advert', placement: 'sidebar_valuation', userAgent: 'Mozilla/5.0' } }) },
  'GET /api/ad-plans': { call: () => ({ url: '/api/ad-plans' }) },
  'POST /api/admin/ad-plans': { call: () => ({ url: '/api/admin/ad-plans', body: walkPlan }) },
  'PUT /api/admin/ad-plans/:id': { call: () => ({ url: `/api/admin/ad-plans/${adPlanIdFor('bronze')}`, body: walkPlan }) },
  'POST /api/admin/allocate-ad-plan': { call: (f) => ({ url: '/api/admin/allocate-ad-plan', body: { partnerId: f.brokerPartnerId, adPlanId: adPlanIdFor('gold'), locationId: 'auckland' } }) },
  'GET /api/admin/partner-ad-subscriptions': { call: () => ({ url: '/api/admin/partner-ad-subscriptions' }) },
  'PATCH /api/admin/partner-ad-subscriptions/:id': { call: (f) => ({ url: `/api/admin/partner-ad-subscriptions/${f.subscriptionId}`, body: { status: 'paused' } }) },
  'GET /api/partner-ad-subscriptions': { call: () => ({ url: '/api/partner-ad-subscriptions' }), owner: { owners: ['broker'], secret: (f) => f.subscriptionId } },
  // No Stripe keys here: a partner's checkout answers 503 (billing/*.api.test.ts pay through a local Stripe).
  'POST /api/stripe/create-checkout-session': { call: () => ({ url: '/api/stripe/create-checkout-session', body: { adPlanId: adPlanIdFor('silver'), locationId: 'auckland' } }) },
  'GET /api/stripe/config': { call: () => ({ url: '/api/stripe/config' }) },
  'GET /api/billing/history': { call: () => ({ url: '/api/billing/history' }) },
  // The request to the broker has no charge (no plan here): every partner gets 404, everyone else is refused before that.
  'POST /api/billing/lead-charges/:leadId/dispute': { call: (f) => ({ url: `/api/billing/lead-charges/${f.leadId}/dispute`, body: { reason: 'Walk test: not a real enquiry' } }) },
  'GET /api/admin/lead-charge-disputes': { call: () => ({ url: '/api/admin/lead-charge-disputes' }) },
  'POST /api/partner/ad-plan-requests': { call: () => ({ url: '/api/partner/ad-plan-requests', body: { adPlanId: adPlanIdFor('silver'), locationId: 'auckland', message: 'Walk test' } }) },
  'GET /api/admin/ad-plan-requests': { call: () => ({ url: '/api/admin/ad-plan-requests' }) },
  'POST /api/admin/lead-charge-disputes/:leadId/resolve': { call: (f) => ({ url: `/api/admin/lead-charge-disputes/${f.leadId}/resolve`, body: { outcome: 'keep', note: 'Walk test' } }) },
  'POST /api/admin/coupons': { call: () => ({ url: '/api/admin/coupons', body: { code: 'WALK10', discountType: 'percentage', discountValue: 10, validFrom: '2026-01-01T00:00:00.000Z' } }) },
  'GET /api/admin/coupons': { call: () => ({ url: '/api/admin/coupons' }) },
  // An unknown coupon: the admin gets 404, everyone else is refused before that.
  'PATCH /api/admin/coupons/:couponId': { call: () => ({ url: '/api/admin/coupons/no-such-coupon', body: { isActive: false } }) },
  'GET /api/admin/coupons/:couponId/redemptions': { call: () => ({ url: '/api/admin/coupons/no-such-coupon/redemptions' }) },
  'POST /api/stripe/webhook': { call: () => ({ url: '/api/stripe/webhook', body: '{"id":"evt_walk","type":"invoice.paid"}', headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=walk' } }) },
};

/** May this caller pass the route's guard (permission, and a partner role for partner routes)? */
function passesGuard(access: RouteAccess, persona: Persona): boolean {
  if (access.caller === 'public' || access.caller === 'signed-in') return true;
  if (!hasPermission(persona.roles, access.caller)) return false;
  return !access.activePartner || partnerRolesOf(persona.roles).length > 0;
}

describe('authorisation: every route × every kind of caller', () => {
  let t: TestApp;
  let f: Fixtures;

  async function send(method: string, call: Call, persona: Persona | null, ip = persona?.ip ?? '10.9.0.1'): Promise<LightMyRequestResponse> {
    return t.app.inject({
      method: method as HTTPMethods,
      url: call.url,
      payload: call.body === undefined ? undefined : typeof call.body === 'string' ? call.body : JSON.stringify(call.body),
      headers: { ...(call.body !== undefined && typeof call.body !== 'string' ? { 'content-type': 'application/json' } : {}), ...call.headers },
      cookies: persona ? { [SESSION_COOKIE]: persona.cookie } : {},
      remoteAddress: ip,
    });
  }

  beforeAll(async () => {
    t = await startTestApp();
    const names: PersonaName[] = ['owner', 'other', 'broker', 'valuer', 'manager', 'admin'];
    const personas = {} as Record<PersonaName, Persona>;
    for (const [i, name] of names.entries()) {
      const c = client(t.app, { remoteAddress: `10.9.1.${i + 1}` });
      const email = `${name}@walk.example.nz`;
      const { id } = await c.register(email, PASSWORD);
      personas[name] = { name, id, email, roles: ['general'], cookie: c.cookie!, ip: `10.9.1.${i + 1}` };
    }
    const roleOf = { broker: 'mortgage_broker', valuer: 'registered_valuer', manager: 'property_manager' } as const;
    const partnerIds: Partial<Record<PersonaName, string>> = {};
    for (const name of ['broker', 'valuer', 'manager'] as const) {
      partnerIds[name] = await makePartner(t.stores, personas[name].id, roleOf[name]);
      personas[name].roles = ['general', roleOf[name]];
    }
    await setRoles(t.stores, personas.admin.id, ['general', 'admin']);
    personas.admin.roles = ['general', 'admin'];
    // A partner outside the walk, for requests no caller would send to themselves.
    const directory = client(t.app, { remoteAddress: '10.9.2.1' });
    const directoryPartnerId = await makePartner(t.stores, (await directory.register('directory@walk.example.nz', PASSWORD)).id, 'mortgage_broker');

    const valuationId = randomUUID();
    const metadata = { actorId: personas.owner.id, actorRoles: ['general' as const], correlationId: randomUUID(), causationId: null, occurredAt: new Date().toISOString() };
    const { propertyId } = await requestValuation(
      t.stores.eventStore,
      { valuationId, userId: personas.owner.id, request: ValuationRequest.parse({ purpose: 'buying', address: ADDRESS, suburb: 'Ponsonby', city: 'Auckland', floorArea: 120 }) },
      { idempotencyKey: randomUUID(), metadata },
    );
    // Completed as the workflow would complete it, so the owner's report and save answer.
    await locateProperty(t.stores.eventStore, propertyId, valuationId, { latitude: -36.85, longitude: 174.74, precision: 'suburb', geocoder: 'test' }, metadata);
    await recordComparables(t.stores.eventStore, valuationId, { comparables: [], windowMonths: 24, note: null }, metadata);
    const estimate = { estimatedValue: 1_000_000, conservativeValue: 900_000, optimisticValue: 1_100_000, baseValue: 1_000_000, conditionAdjustment: 0, marketAdjustment: 0, confidence: 60, engine: 'model' as const, engineVersion: 'test', explanation: ['Walk test.'], fallbackReason: null };
    await completeValuation(t.stores.eventStore, valuationId, estimate, metadata);
    await waitForProjection(t.stores.readStore, 'valuations', await t.stores.eventStore.headPosition());
    await waitForProjection(t.stores.readStore, 'properties', await t.stores.eventStore.headPosition());

    const brokerPartnerId = partnerIds.broker!;
    const lead = await send('POST', { url: '/api/partner-contacts', body: { partnerId: brokerPartnerId, message: SECRET_MESSAGE, propertyId } }, personas.owner);
    expect(lead.statusCode, lead.body).toBe(201);
    await seedTestAdPlans(t.stores);
    const allocated = await send('POST', { url: '/api/admin/allocate-ad-plan', body: { partnerId: brokerPartnerId, adPlanId: adPlanIdFor('gold'), locationId: 'auckland' } }, personas.admin);
    expect(allocated.statusCode, allocated.body).toBe(201);
    const subscriptionId: string = allocated.json().id;
    const ad = await send('POST', { url: '/api/partner/ad-content', body: { subscriptionId, title: AD_TITLE, description: 'Walk-test loans.', ctaUrl: 'https://walk.example.nz' } }, personas.broker);
    expect(ad.statusCode, ad.body).toBe(201);
    expect((await send('POST', { url: `/api/admin/ad-content/${ad.json().id}/approve` }, personas.admin)).statusCode).toBe(200);
    f = { personas, valuationId, propertyId, leadId: lead.json().id, brokerPartnerId, directoryPartnerId, subscriptionId, adSubscriptionId: subscriptionId, adContentId: ad.json().id };
  });
  afterAll(() => t?.close());

  it('has a table entry for every route the app registers, and registers every entry', () => {
    const doc = t.app.swagger() as { paths: Record<string, Record<string, unknown>> };
    const registered = Object.entries(doc.paths)
      .filter(([path]) => path.startsWith('/api/') && !path.startsWith('/api/docs'))
      .flatMap(([path, ops]) => Object.keys(ops).map((method) => `${method.toUpperCase()} ${path.replace(/\{(\w+)\}/g, ':$1')}`))
      .sort();
    expect(registered).toEqual(Object.keys(routeAccess).sort());
    expect(Object.keys(calls).sort()).toEqual(Object.keys(routeAccess).sort());
    for (const key of Object.keys(routeAccess)) {
      const [method, url] = key.split(' ') as [HTTPMethods, string];
      expect(t.app.hasRoute({ method, url }), key).toBe(true);
    }
  });

  // The caller who owns the data goes last, so a call that changes it (read, respond) comes after
  // every refused one.
  const order: PersonaName[] = ['other', 'valuer', 'manager', 'admin', 'broker', 'owner'];
  const keys = Object.keys(routeAccess) as RouteKey[];
  const sessionChanging = new Set<RouteKey>(['GET /api/logout', 'POST /api/auth/login', 'POST /api/auth/register', 'POST /api/auth/invitation']);

  it.each(keys)('%s', async (key) => {
    const access: RouteAccess = routeAccess[key];
    const { call, owner } = calls[key];
    const method = key.split(' ')[0]!;
    const signedOut = await send(method, call(f, null), null);
    if (access.caller === 'public') expect([401, 403], `${key} signed out: ${signedOut.body}`).not.toContain(signedOut.statusCode);
    else expect(signedOut.statusCode, `${key} signed out: ${signedOut.body}`).toBe(401);

    for (const name of order) {
      const persona = f.personas[name];
      // Signing in or out replaces the session: a fresh one for that call, so the persona's own stays.
      const caller = sessionChanging.has(key) ? { ...persona, cookie: await freshSession(persona) } : persona;
      const res = await send(method, call(f, caller), caller);
      const where = `${key} as ${name}: ${res.statusCode} ${res.body.slice(0, 200)}`;
      if (!passesGuard(access, persona)) {
        expect(res.statusCode, where).toBe(403);
        if (access.activePartner) expect(res.json().message, where).toBe('Partner Access Required');
        continue;
      }
      const secret = owner?.secret(f);
      if (!owner || owner.owners.includes(name)) {
        expect([401, 403], where).not.toContain(res.statusCode);
        if (!owner || secret === undefined) continue;
        expect(res.statusCode, where).toBeLessThan(400);
        if (!owner.addressed || method === 'GET' || key.includes('generate-report') || key.includes('map-details')) expect(res.body, where).toContain(secret);
      } else {
        expect(res.body, where).not.toContain(secret);
        if (owner.addressed) expect([403, 404], where).toContain(res.statusCode);
      }
    }
  });

  async function freshSession(persona: Persona) {
    const res = await send('POST', { url: '/api/auth/login', body: { email: persona.email, password: PASSWORD } }, null, persona.ip);
    return sessionCookie(res)!;
  }
});
