import type { Permission } from '../roles';

/**
 * Who may call a route: anyone ('public', signed out too), any signed-in account ('signed-in'),
 * or a signed-in account holding a permission (an admin passes every one through admin:all).
 */
export type RouteCaller = 'public' | 'signed-in' | Permission;

export interface RouteAccess {
  caller: RouteCaller;
  /**
   * The route acts as the caller's active partner role (`?role=`, or the body's `role`): the
   * caller must hold that role now and have its partner record, so admin:all does not stand in
   * for it. Refusals read 'Partner Access Required', as the partner dashboard does.
   */
  activePartner?: true;
  /**
   * The route reads or changes what belongs to one owner (named here); anyone else gets 403 or
   * 404 and none of the owner's data. `anyWith`: the permission that reaches every owner's.
   */
  owner?: { of: string; anyWith?: Permission };
}

const PUBLIC: RouteAccess = { caller: 'public' };
const SIGNED_IN: RouteAccess = { caller: 'signed-in' };
const partnerInbox = (of: string): RouteAccess => ({ caller: 'partner:leads', activePartner: true, owner: { of } });
const partnerAdvertising = (of: string): RouteAccess => ({ caller: 'partner:advertising', activePartner: true, owner: { of } });

/**
 * Every API route (method and path as registered with Fastify) and who may call it. The server's
 * guards read it (command-api's routeGuard), and command-api/src/authorisation.api.test.ts walks
 * every entry with every kind of caller, so a route missing here fails that test.
 */
export const routeAccess = {
  // Health and public reads.
  'GET /api/health': PUBLIC,
  'GET /api/ready': PUBLIC,
  'GET /api/locations': PUBLIC,
  'GET /api/roles': PUBLIC,
  'GET /api/public/stats': PUBLIC,
  'GET /api/summaries/valuations': PUBLIC,
  'GET /api/summaries/properties/:id': PUBLIC,
  'GET /api/public/property-locations': PUBLIC,
  'GET /api/public/property-locations/extent': PUBLIC,
  'GET /api/public/property-locations/:id': PUBLIC,
  'GET /api/public/property-directory': PUBLIC,
  'GET /api/public/property-directory/cities': PUBLIC,
  'GET /api/partners/location/:locationId': PUBLIC,
  'GET /api/uploads/:kind/:file': PUBLIC,

  // Signing in and out (each answers a signed-out visitor; the admin-email link keeps its token
  // for after the sign-in it asks for).
  'GET /api/auth/providers': PUBLIC,
  'GET /api/auth/admin-email': PUBLIC,
  'GET /api/login': PUBLIC,
  'GET /api/logout': PUBLIC,
  'GET /api/login/:provider': PUBLIC,
  'GET /api/callback/:provider': PUBLIC,
  'POST /api/auth/register': PUBLIC,
  'POST /api/auth/login': PUBLIC,
  'GET /api/auth/invitation': PUBLIC,
  'POST /api/auth/invitation': PUBLIC,

  // The signed-in account itself.
  'GET /api/auth/user': { caller: 'signed-in', owner: { of: 'the account' } },
  'PATCH /api/profile': { caller: 'signed-in', owner: { of: 'the account' } },
  // A copy of everything held about the account (issue 50), as one zip.
  'GET /api/profile/export': { caller: 'signed-in', owner: { of: 'the account' } },
  'DELETE /api/profile': { caller: 'signed-in', owner: { of: 'the account' } },
  'GET /api/my-roles': { caller: 'signed-in', owner: { of: 'the account' } },
  'GET /api/my-messages': { caller: 'signed-in', owner: { of: 'the requests the account sent' } },

  // Valuations and properties.
  'POST /api/research-comparables': { caller: 'create:valuation' },
  'POST /api/valuations': { caller: 'create:valuation' },
  'GET /api/valuations': { caller: 'signed-in', owner: { of: 'the account’s valuations' } },
  'POST /api/valuations/:id/generate-report': { caller: 'signed-in', owner: { of: 'the valuation', anyWith: 'admin:all' } },
  'GET /api/valuations/:id/report': { caller: 'signed-in', owner: { of: 'the valuation', anyWith: 'admin:all' } },
  'POST /api/valuations/:id/save': { caller: 'signed-in', owner: { of: 'the valuation' } },
  'GET /api/properties/:id/map-details': { caller: 'signed-in', owner: { of: 'the property', anyWith: 'read:property:detail' } },
  // Whether the public map, directory and summaries show the property: its owner only (issue 11).
  'GET /api/properties/:id/visibility': { caller: 'signed-in', owner: { of: 'the property' } },
  'PUT /api/properties/:id/visibility': { caller: 'signed-in', owner: { of: 'the property' } },

  // Partner applications and uploads (the /partner-enquiry form uploads before its applicant is a partner).
  'POST /api/partner-applications': { caller: 'apply:partner' },
  'POST /api/upload/profile-image': SIGNED_IN,
  'POST /api/upload/company-image': SIGNED_IN,

  // Clients' requests to partners: the premium dialog is open to anyone.
  'POST /api/partners/:id/contact': PUBLIC,
  'POST /api/partner-contacts': { caller: 'signed-in', owner: { of: 'the property named, if any' } },
  'POST /api/partner-leads': { caller: 'signed-in', owner: { of: 'the property named, if any' } },

  // The partner dashboard, for the active partner role.
  'GET /api/partner/profile': { caller: 'partner:profile', activePartner: true, owner: { of: 'the partner record' } },
  'PUT /api/partner/profile': { caller: 'partner:profile', activePartner: true, owner: { of: 'the partner record' } },
  'GET /api/partner-contacts': partnerInbox('the requests addressed to the partner'),
  'GET /api/partner-leads': partnerInbox('the requests addressed to the partner'),
  'GET /api/partner/stats': partnerInbox('the requests addressed to the partner'),
  'PATCH /api/partner-contacts/:id/read': partnerInbox('the request (another partner’s answers 404)'),
  'POST /api/partner-leads/:id/respond': partnerInbox('the request (another partner’s answers 404)'),

  // The admin dashboard.
  'GET /api/admin/users': { caller: 'admin:users' },
  'PATCH /api/admin/users/:userId/roles': { caller: 'admin:users' },
  'GET /api/admin/users/:userId/export': { caller: 'admin:users' },
  'POST /api/admin/users/:userId/erase': { caller: 'admin:users' },
  'POST /api/admin/visitors/erase': { caller: 'admin:users' },
  'GET /api/admin/properties': { caller: 'admin:properties' },
  'GET /api/admin/stats': { caller: 'admin:stats' },
  'GET /api/admin/partner-applications': { caller: 'admin:partners' },
  'POST /api/admin/partner-applications/:id/approve': { caller: 'admin:partners' },
  'POST /api/admin/partner-applications/:id/reject': { caller: 'admin:partners' },
  'GET /api/admin/partners': { caller: 'admin:partners' },
  'POST /api/admin/create-partner': { caller: 'admin:partners' },
  'GET /api/admin/outbox': { caller: 'admin:outbox' },
  // The event history (issue 12): the log filtered and paged, one stream's timeline, the export; viewing is recorded.
  'GET /api/admin/events': { caller: 'admin:audit' },
  'GET /api/admin/events/export': { caller: 'admin:audit' },
  'GET /api/admin/streams/:stream': { caller: 'admin:audit' },
  // The ad impressions and clicks of a range of the log, streamed (issue 12; analysts use the replay CLI).
  'GET /api/admin/ad-events': { caller: 'admin:audit' },

  // Advertising: admins approve adverts; partners write their own; everyone sees active ones.
  'GET /api/admin/ad-content': { caller: 'admin:advertising' },
  'POST /api/admin/ad-content/:id/approve': { caller: 'admin:advertising' },
  'POST /api/admin/ad-content/:id/reject': { caller: 'admin:advertising' },
  'GET /api/partner/ad-content': partnerAdvertising('the partner’s adverts'),
  'POST /api/partner/ad-content': partnerAdvertising('the subscription named (another partner’s answers 404)'),
  'PUT /api/partner/ad-content/:id': partnerAdvertising('the advert (another partner’s answers 404)'),
  'PATCH /api/partner/ad-content/:id/status': partnerAdvertising('the advert (another partner’s answers 404)'),
  'POST /api/upload/ad-image': { caller: 'partner:advertising' },
  'GET /api/ads/active': PUBLIC,

  // Advertising activity: adverts record what they show (no person: hashed IP and browser session).
  'GET /api/partner/ad-performance': partnerAdvertising('the partner’s figures'),
  'POST /api/ads/impression': PUBLIC,
  'POST /api/ads/click': PUBLIC,

  // Advertising: plans are public (admins also see the inactive ones); admins manage plans and subscriptions.
  'GET /api/ad-plans': PUBLIC,
  'POST /api/admin/ad-plans': { caller: 'admin:advertising' },
  'PUT /api/admin/ad-plans/:id': { caller: 'admin:advertising' },
  'POST /api/admin/allocate-ad-plan': { caller: 'admin:advertising' },
  'GET /api/admin/partner-ad-subscriptions': { caller: 'admin:advertising' },
  'GET /api/admin/ad-performance': { caller: 'admin:advertising' },
  'GET /api/admin/ad-traffic-filtered': { caller: 'admin:advertising' },
  'PATCH /api/admin/partner-ad-subscriptions/:id': { caller: 'admin:advertising' },
  // The partner's Advertising tab, for the active partner role.
  'GET /api/partner-ad-subscriptions': partnerAdvertising('the partner’s subscriptions'),

  // Payments (Stripe): the partner buys a plan for itself (the partner is the one it acts as);
  // Stripe.js reads the publishable key; Stripe's webhooks carry no session or Origin, only a
  // signature, which the route verifies before it records anything.
  'POST /api/stripe/create-checkout-session': partnerAdvertising('the subscription it starts, for the partner it acts as'),
  'GET /api/stripe/config': PUBLIC,
  'POST /api/stripe/webhook': PUBLIC,
  'GET /api/billing/history': { caller: 'partner:advertising', activePartner: true, owner: { of: 'the lead charges of the partner it acts as' } },
  'POST /api/billing/lead-charges/:leadId/dispute': { caller: 'partner:advertising', activePartner: true, owner: { of: 'the lead charges of the partner it acts as' } },
  'GET /api/admin/lead-charge-disputes': { caller: 'admin:advertising' },
  'POST /api/partner/ad-plan-requests': partnerAdvertising('the plan requests of the partner it acts as'),
  'GET /api/admin/ad-plan-requests': { caller: 'admin:advertising' },
  'POST /api/admin/lead-charge-disputes/:leadId/resolve': { caller: 'admin:advertising' },
  // Coupon codes: admins make and watch them (a partner only types one at checkout).
  'POST /api/admin/coupons': { caller: 'admin:advertising' },
  'GET /api/admin/coupons': { caller: 'admin:advertising' },
  'PATCH /api/admin/coupons/:couponId': { caller: 'admin:advertising' },
  'GET /api/admin/coupons/:couponId/redemptions': { caller: 'admin:advertising' },
} as const satisfies Record<string, RouteAccess>;

export type RouteKey = keyof typeof routeAccess;
