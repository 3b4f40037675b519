import { notFound, type ReadStore } from '@kainga/platform';
import { findPartner, findUser, locationsOfPartners, type PartnerDoc, type PartnerLocationDoc } from '@kainga/projections';

export const PARTNER_UNAVAILABLE = 'This professional is no longer available.';

/**
 * A partner a client may contact: enrolled, its user still holding the role (an admin taking the
 * role away hides it at once), serving at least one location (the first approved comes first).
 */
export async function availablePartner(store: ReadStore, partnerId: string): Promise<{ partner: PartnerDoc; locations: PartnerLocationDoc[] }> {
  const partner = await findPartner(store, partnerId);
  const user = partner && (await findUser(store, partner.userId));
  const locations = partner ? ((await locationsOfPartners(store, [partner._id])).get(partner._id) ?? []) : [];
  if (!partner || !user?.roles.includes(partner.role) || locations.length === 0) throw notFound(PARTNER_UNAVAILABLE);
  return { partner, locations };
}
