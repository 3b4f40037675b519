import type { PartnerEvent, PartnerProfileFields, PartnerRoleName, PartnerSource } from '@kainga/contracts';
import { conflict, notFound, type Decider } from '@kainga/platform';
import { createHash } from 'node:crypto';
import { match } from 'ts-pattern';

/** The partner aggregate, stream `partner-<partnerId>`: one user in one partner role. */
export const partnerStream = (partnerId: string) => `partner-${partnerId}`;

/**
 * A user's partner id in a role, derived (UUID layout over SHA-256) rather than drawn: a second
 * approval for the same role — another location, a retried request — lands on the same partner.
 */
export function partnerIdFor(userId: string, role: PartnerRoleName): string {
  const h = createHash('sha256').update(`partner\u0000${userId}\u0000${role}`).digest();
  h[6] = (h[6]! & 0x0f) | 0x50;
  h[8] = (h[8]! & 0x3f) | 0x80;
  const hex = h.subarray(0, 16).toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}`;
}

export type PartnerState =
  | { status: 'none' }
  | { status: 'enrolled'; partnerId: string; userId: string; role: PartnerRoleName; profile: PartnerProfileFields; locationIds: string[] };

export type PartnerCommand =
  /**
   * Approval (of an application, or an admin's direct creation): enrols the user in the role on
   * first approval and adds the locations not yet served. Locations already served add nothing,
   * so the same approval twice appends nothing the second time.
   */
  | {
      type: 'ApprovePartner';
      partnerId: string;
      userId: string;
      role: PartnerRoleName;
      profile: PartnerProfileFields;
      locationIds: readonly string[];
      source: PartnerSource;
      by: string;
      at: string;
      /** Generated demo data (only ops' demo seed sets it); false when absent. */
      demo?: boolean;
    }
  | { type: 'UpdatePartnerProfile'; profile: PartnerProfileFields; at: string };

const sameProfile = (a: PartnerProfileFields, b: PartnerProfileFields) =>
  (Object.keys(a) as (keyof PartnerProfileFields)[]).every((k) => a[k] === b[k]) && Object.keys(a).length === Object.keys(b).length;

export const partnerDecider: Decider<PartnerState, PartnerCommand, PartnerEvent> = {
  initialState: () => ({ status: 'none' }),

  evolve: (state, event) =>
    match(event)
      .with({ type: 'PartnerEnrolled' }, ({ data }): PartnerState => ({
        status: 'enrolled',
        partnerId: data.partnerId,
        userId: data.userId,
        role: data.role,
        profile: data.profile,
        locationIds: [],
      }))
      .with({ type: 'PartnerLocationApproved' }, ({ data }): PartnerState =>
        state.status === 'enrolled' ? { ...state, locationIds: [...state.locationIds, data.locationId] } : state,
      )
      .with({ type: 'PartnerProfileUpdated' }, ({ data }): PartnerState => (state.status === 'enrolled' ? { ...state, profile: data.profile } : state))
      .exhaustive(),

  decide: (command, state) =>
    match(command)
      .with({ type: 'ApprovePartner' }, (c): PartnerEvent[] => {
        if (state.status === 'enrolled' && (state.userId !== c.userId || state.role !== c.role)) throw conflict('This partner record belongs to someone else.');
        const events: PartnerEvent[] = [];
        if (state.status === 'none') {
          events.push({ type: 'PartnerEnrolled', data: { partnerId: c.partnerId, userId: c.userId, role: c.role, profile: c.profile, source: c.source, approvedBy: c.by, approvedAt: c.at, demo: c.demo ?? false } });
        }
        const served = new Set(state.status === 'enrolled' ? state.locationIds : []);
        for (const locationId of new Set(c.locationIds)) {
          if (served.has(locationId)) continue;
          events.push({
            type: 'PartnerLocationApproved',
            data: { partnerId: c.partnerId, userId: c.userId, role: c.role, locationId, businessName: c.profile.businessName, source: c.source, approvedBy: c.by, approvedAt: c.at },
          });
        }
        return events;
      })
      .with({ type: 'UpdatePartnerProfile' }, (c): PartnerEvent[] => {
        if (state.status !== 'enrolled') throw notFound('No partner profile was found for this role.');
        if (sameProfile(state.profile, c.profile)) return [];
        return [{ type: 'PartnerProfileUpdated', data: { partnerId: state.partnerId, userId: state.userId, role: state.role, profile: c.profile, updatedAt: c.at } }];
      })
      .exhaustive(),
};
