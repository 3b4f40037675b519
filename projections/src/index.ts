import { matchesFilter, type Projector } from '@kainga/platform';
import { activityProjector } from './activity';
import { adAnalyticsProjector } from './ad-analytics';
import { adFilteredTrafficProjector } from './ad-filtered-traffic';
import { adContentProjector } from './ad-content';
import { adPerformanceProjector } from './ad-performance';
import { auditLogProjector } from './audit-log';
import { adPlansProjector } from './ad-plans';
import { adSubscriptionsProjector } from './ad-subscriptions';
import { couponsProjector } from './coupons';
import { leadChargesProjector } from './lead-charges';
import { adPlanRequestsProjector } from './ad-plan-requests';
import { partnerApplicationsProjector } from './partner-applications';
import { partnerLeadsProjector } from './partner-leads';
import { partnersProjector } from './partners';
import { propertiesProjector } from './properties';
import { salesProjector } from './sales';
import { usersProjector } from './users';
import { valuationsProjector } from './valuations';
import { PERSON_ERASED, VISITOR_ERASED } from './person-erased';

export * from './users';
export * from './sales';
export * from './valuations';
export * from './properties';
export * from './property-directory';
export * from './directory-keys';
export * from './activity';
export * from './stats';
export * from './partners';
export * from './partner-applications';
export * from './partner-leads';
export * from './ad-content';
export * from './active-ads';
export * from './ad-performance';
export * from './ad-analytics';
export * from './ad-analytics-queries';
export * from './ad-filtered-traffic';
export * from './ad-plans';
export * from './ad-subscriptions';
export * from './lead-charges';
export * from './ad-plan-requests';
export * from './coupons';
export * from './audit-log';
export type { Page, PageWindow } from './paged-read';
export { searchKey } from './search-key';
export { whileUnchanged } from './read-model-memo';

/** Every read model, by name; the runner and the rebuild CLI take them from here. */
export const allProjectors: readonly Projector[] = [usersProjector, salesProjector, valuationsProjector, propertiesProjector, activityProjector, partnersProjector, partnerApplicationsProjector, partnerLeadsProjector, adPlansProjector, adSubscriptionsProjector, adContentProjector, adPerformanceProjector, adAnalyticsProjector, adFilteredTrafficProjector, leadChargesProjector, adPlanRequestsProjector, couponsProjector, auditLogProjector];

/**
 * The read models that follow an erasure (PersonErased, on the person's stream `user-<id>`): an
 * erasure waits for each to pass its position, then calls the read store's purgeFreedBytes so no
 * old page of theirs stays in the store's files.
 */
export const erasureProjectorNames: readonly string[] = allProjectors.filter((p) => matchesFilter({ type: PERSON_ERASED, streamName: 'user-' }, p.filter)).map((p) => p.name);
/** The read models that follow a signed-out visitor's erasure (VisitorErased, on `visitorErasure-<digest>`). */
export const visitorErasureProjectorNames: readonly string[] = allProjectors.filter((p) => matchesFilter({ type: VISITOR_ERASED, streamName: 'visitorErasure-' }, p.filter)).map((p) => p.name);
