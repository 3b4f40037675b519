import type { MyRoleEntry } from '@kainga/contracts';
import { partnerRoleNames, roleLabels, type PartnerRoleName } from '@kainga/contracts/browser';

/**
 * The partner ids of the account details (partner/admin spec "/profile"): GET /api/my-roles has
 * one entry per role and location, and a partner is one user in one role, so one id per role,
 * in the product's role order.
 */
export function partnerIdsByRole(entries: readonly MyRoleEntry[]): { roleId: PartnerRoleName; partnerId: string; label: string }[] {
  const ids = partnerRoleNames.flatMap((roleId) => {
    const entry = entries.find((e) => e.roleId === roleId);
    return entry ? [{ roleId, partnerId: entry.partnerId }] : [];
  });
  // With one partner role the line is simply 'Partner ID'; with several each names its role.
  return ids.map((id) => ({ ...id, label: ids.length > 1 ? `Partner ID (${roleLabels[id.roleId]})` : 'Partner ID' }));
}
