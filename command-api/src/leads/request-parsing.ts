import { findLocation, locationById, partnerRoleNames, roleLabels, serviceTypeOfRole, type Location, type ServiceType } from '@kainga/contracts';
import { invalid } from '@kainga/platform';

const GENERAL_ENQUIRY = ['general enquiry', 'general inquiry', 'ad_inquiry'];

/**
 * A service request's serviceType as the form sends it: a partner role's name
 * ('mortgage_broker') or label ('Mortgage Broker'), or 'General Enquiry' (an ad_inquiry).
 */
export function serviceTypeOf(text: string): ServiceType {
  const key = text.trim().toLowerCase();
  if (GENERAL_ENQUIRY.includes(key)) return 'ad_inquiry';
  const role = partnerRoleNames.find((r) => r === key || roleLabels[r].toLowerCase() === key);
  if (!role) throw invalid('Please select a service type');
  return serviceTypeOfRole[role];
}

/**
 * The property's location as a service request sends it: a location id, "City, Region" (the
 * contact dialog's greeting) or a city name. A region that does not match the city is refused.
 */
export function propertyLocationOf(text: string): Location {
  const value = text.trim();
  const direct = locationById(value) ?? findLocation(value);
  if (direct) return direct;
  const comma = value.indexOf(',');
  if (comma > 0) {
    const city = findLocation(value.slice(0, comma));
    const region = value.slice(comma + 1).trim().toLowerCase();
    if (city && city.region.toLowerCase() === region) return city;
  }
  throw invalid('Please choose the property location');
}
