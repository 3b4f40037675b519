import { hasPermission, nzLocations, partnerRolesOf, type PartnerRoleName, type User } from '@kainga/contracts';
import { CommandError, forbidden, invalid, notFound, type ReadStore } from '@kainga/platform';
import { findPartner, findUser, locationsOfPartners, type PartnerDoc, type PartnerLocationDoc } from '@kainga/projections';
import { partnerIdFor } from '../partners/partner';

export const PARTNER_UNAVAILABLE = 'This professional is no longer available.';
export const PARTNER_ACCESS_REQUIRED = 'Partner Access Required';

/**
 * A partner a client may contact: enrolled, its user still holding the role (an admin taking the
 * role away hides it at once), serving at least one location (the first approved comes first).
 */
export async function availablePartner(store: ReadStore, partnerId: string): Promise<{ partner: PartnerDoc; locations: PartnerLocationDoc[] }> {
  const partner = await findPartner(store, partnerId);
  const user = partner && (await findUser(store, partner.userId));
  const locations = partner ? ((await locationsOfPartners(store, [partner._id])).get(partner._id) ?? []) : [];
  if (!partner || !user?.roles.includes(partner.role) || locations.length === 0) throw notFound(PARTNER_UNAVAILABLE);
  return { partner, locations: [...locations].sort(byApproval) };
}

const listIndex = new Map(nzLocations.map((l, i) => [l.id, i]));

/**
 * A partner's locations, first approved first; those approved together (one approval records no
 * order among them) in the order of the towns list (GET /api/locations).
 */
export const byApproval = (a: PartnerLocationDoc, b: PartnerLocationDoc) =>
  a.approvedAt.localeCompare(b.approvedAt) || (listIndex.get(a.locationId) ?? Infinity) - (listIndex.get(b.locationId) ?? Infinity) || a._id.localeCompare(b._id);

/**
 * The partner record the signed-in user acts as (ISSUE8's active role): the `role` asked for, or
 * the one partner role the user holds. Several roles and none asked → 400; a role not held, or
 * no partner record for it → 403.
 */
export async function activePartner(store: ReadStore, user: User, role: PartnerRoleName | undefined): Promise<PartnerDoc> {
  // partner:leads, with the dashboard's own words rather than the generic refusal.
  if (!hasPermission(user.roles, 'partner:leads')) throw forbidden(PARTNER_ACCESS_REQUIRED);
  const held = partnerRolesOf(user.roles);
  if (!role && held.length > 1) throw invalid('Please choose your active partner role.');
  const active = role ?? held[0];
  if (!active || !held.includes(active)) throw forbidden(PARTNER_ACCESS_REQUIRED);
  const partner = await findPartner(store, partnerIdFor(user.id, active));
  if (!partner) throw new CommandError('forbidden', PARTNER_ACCESS_REQUIRED);
  return partner;
}
