import { partnerRolesOf, type PartnerRoleName, type User } from '@kainga/contracts';
import { forbidden, invalid, type ReadStore } from '@kainga/platform';
import { findPartner, type PartnerDoc } from '@kainga/projections';
import { partnerIdFor } from './partner';

export const PARTNER_ACCESS_REQUIRED = 'Partner Access Required';
export const CHOOSE_ACTIVE_ROLE = 'Please choose your active partner role.';

/**
 * The partner record a request acts as (ISSUE8's active-role rule): the role asked for, or,
 * when none is asked, the user's only partner role; several roles and none asked → 400. A role
 * the user does not hold now (the users read model's roles, so an admin taking it away ends
 * access at once), or holds without a partner record, → 403 'Partner Access Required'.
 */
export async function activePartner(readStore: ReadStore, user: User, role: PartnerRoleName | undefined): Promise<PartnerDoc> {
  const held = partnerRolesOf(user.roles);
  if (!role && held.length > 1) throw invalid(CHOOSE_ACTIVE_ROLE);
  const chosen = role ?? held[0];
  if (!chosen || !held.includes(chosen)) throw forbidden(PARTNER_ACCESS_REQUIRED);
  const partner = await findPartner(readStore, partnerIdFor(user.id, chosen));
  if (!partner) throw forbidden(PARTNER_ACCESS_REQUIRED);
  return partner;
}
