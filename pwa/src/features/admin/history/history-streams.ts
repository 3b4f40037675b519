/**
 * The stream of each aggregate an admin list shows, named as the server names them
 * (`<aggregate>-<id>`, DESIGN "Event sourcing rules"; the helpers live beside each aggregate in
 * command-api, which the web app may not import): the admin lists link each row to its history.
 */
export const userStream = (userId: string) => `user-${userId}`;
export const partnerApplicationStream = (applicationId: string) => `partnerApplication-${applicationId}`;
export const partnerStream = (partnerId: string) => `partner-${partnerId}`;
export const adSubscriptionStream = (subscriptionId: string) => `adSubscription-${subscriptionId}`;
export const adContentStream = (adContentId: string) => `adContent-${adContentId}`;
export const propertyStream = (propertyId: string) => `property-${propertyId}`;
export const valuationStream = (valuationId: string) => `valuation-${valuationId}`;
/** The code upper-cased, as the coupon's reservation stream is named. */
export const leadChargeStream = (leadId: string) => `leadCharge-${leadId}`;
export const couponStream = (code: string) => `coupon-${code.trim().toUpperCase()}`;
