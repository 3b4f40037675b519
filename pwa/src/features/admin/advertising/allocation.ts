/**
 * The allocate form (POST /api/admin/allocate-ad-plan {partnerId, adPlanId, locationId}): its
 * partner and location choices, and the spec's check that all three are chosen.
 */
import type { AdminPartnerView, AllocateAdPlanRequest, Location } from '@kainga/contracts';
import { roleLabels } from '@kainga/contracts/browser';

export interface AllocationChoice {
  partnerId?: string;
  adPlanId?: string;
  locationId?: string;
}

/** The request, or null when a choice is missing ('Missing Information'). */
export function allocationRequest(choice: AllocationChoice): AllocateAdPlanRequest | null {
  const { partnerId, adPlanId, locationId } = choice;
  return partnerId && adPlanId && locationId ? { partnerId, adPlanId, locationId } : null;
}

/** Partners who hold their role now, by business name: "Harbour Loans — Aroha Ngata (Mortgage Broker)". */
export function partnerOptions(partners: readonly AdminPartnerView[]): { value: string; label: string }[] {
  return partners
    .filter((p) => p.status === 'active')
    .sort((a, b) => a.businessName.localeCompare(b.businessName, 'en-NZ'))
    .map((p) => ({ value: p.id, label: `${p.businessName} — ${p.firstName} ${p.lastName} (${roleLabels[p.roleId]})` }));
}

type Option = { value: string; label: string };

/**
 * Location choices: once a partner is chosen, only the towns it serves (the server allocates a
 * plan only where the partner works, since adverts are shown by town and their leads go to it);
 * before that, every town. Alphabetical.
 */
export function locationChoices(partner: Pick<AdminPartnerView, 'locations'> | undefined, locations: readonly Location[]): Option[] {
  const own = new Set(partner?.locations.map((l) => l.id));
  return [...locations]
    .filter((l) => own.size === 0 || own.has(l.id))
    .sort((a, b) => a.cityName.localeCompare(b.cityName, 'en-NZ'))
    .map((l) => ({ value: l.id, label: `${l.cityName}, ${l.region}` }));
}

/** When the partner changes, its one location is chosen for the admin; otherwise the choice is cleared. */
export function defaultLocationOf(partner: Pick<AdminPartnerView, 'locations'> | undefined): string | undefined {
  return partner?.locations.length === 1 ? partner.locations[0]?.id : undefined;
}
