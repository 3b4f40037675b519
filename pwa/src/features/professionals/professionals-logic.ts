/**
 * The rules of the "Local professionals" card (consumer spec §2, §5): which service types are
 * offered, the location it starts on, the contact dialog's greeting and the service request's
 * checks.
 */
import type { LocalPartner, RoleRecord } from '@kainga/contracts';
import { normalizePlaceName } from '@kainga/contracts/browser';

/** The service-type choice meaning "every service" (GET …?roleId omitted). */
export const ALL_SERVICES = 'all';
export const GENERAL_ENQUIRY = 'General Enquiry';
export const SELECT_PROMPT = 'Select a location and service type to find local professionals.';

/** The service types offered: the roles without Admin and General. */
export function serviceTypeOptions(roles: readonly RoleRecord[]): { value: string; label: string }[] {
  return roles.filter((r) => r.id !== 'admin' && r.id !== 'general').map((r) => ({ value: r.id, label: r.name }));
}

/** The location of the property's city, if the list has it (macrons and case ignored). */
export function locationOfCity<L extends { id: string; cityName: string }>(locations: readonly L[], city: string | null | undefined): L | undefined {
  if (!city) return undefined;
  const wanted = normalizePlaceName(city);
  return locations.find((l) => normalizePlaceName(l.cityName) === wanted);
}

/** GET /api/partners/location/{id}?roleId=… — roleId omitted for every service. */
export function partnersUrl(locationId: string, serviceType: string): string {
  const base = `/api/partners/location/${encodeURIComponent(locationId)}`;
  return serviceType === ALL_SERVICES ? base : `${base}?roleId=${encodeURIComponent(serviceType)}`;
}

export const partnerRoleName = (p: Pick<LocalPartner, 'roleName' | 'role'>) => p.roleName || p.role.name;

/** The person to greet: the partner's first name, else the business. */
export function partnerGreetingName(p: Pick<LocalPartner, 'user' | 'businessName'>): string {
  return p.user.firstName.trim() || p.businessName;
}

/** The contact dialog's opening message, naming the property's city and region. */
export function contactGreeting(partner: Pick<LocalPartner, 'user' | 'businessName' | 'roleName' | 'role'>, place: { city: string; region: string | null }): string {
  const where = place.region && place.region !== place.city ? `${place.city}, ${place.region}` : place.city;
  return (
    `Hello ${partnerGreetingName(partner)},\n\n` +
    `I'm looking for a ${partnerRoleName(partner).toLowerCase()} for my property in ${where}. ` +
    `I found your details on Kāinga and would like to talk about how you could help.\n\n` +
    `Kind regards`
  );
}

/** The service request's choices: the partner's own service (its role name) or a general enquiry. */
export function serviceRequestOptions(partner: Pick<LocalPartner, 'roleId' | 'roleName' | 'role'>): { value: string; label: string }[] {
  return [
    { value: partner.roleId, label: partnerRoleName(partner) },
    { value: GENERAL_ENQUIRY, label: GENERAL_ENQUIRY },
  ];
}

/** The service preselected in a request: the card's service type when it is the partner's. */
export const preselectedService = (partner: Pick<LocalPartner, 'roleId'>, cardServiceType: string | null) =>
  cardServiceType === partner.roleId ? partner.roleId : null;

/** What stops a send: a blank message disables it; a missing service type is said. */
export function requestProblem(serviceType: string | null, message: string): 'blank' | 'Please select a service type' | null {
  if (message.trim() === '') return 'blank';
  if (!serviceType) return 'Please select a service type';
  return null;
}
