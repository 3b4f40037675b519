/**
 * Service types of a lead (partner/admin spec §3, §9), with their labels — zod-free, so the web
 * app can show them (browser.ts). A partner role maps to the service it offers; 'ad_inquiry'
 * ('General Inquiry') is a message from an advert's dialog or a 'General Enquiry'.
 */
export const serviceTypes = ['mortgage', 'valuation', 'property_management', 'ad_inquiry'] as const;
export type ServiceTypeName = (typeof serviceTypes)[number];
export const serviceTypeLabels: Record<ServiceTypeName, string> = {
  mortgage: 'Mortgage Broker',
  valuation: 'Registered Valuer',
  property_management: 'Property Manager',
  ad_inquiry: 'General Inquiry',
};
export const serviceTypeOfRole = { mortgage_broker: 'mortgage', registered_valuer: 'valuation', property_manager: 'property_management' } as const;
