import type { Projector } from '@kainga/platform';
import { activityProjector } from './activity';
import { adContentProjector } from './ad-content';
import { adPerformanceProjector } from './ad-performance';
import { adPlansProjector } from './ad-plans';
import { adSubscriptionsProjector } from './ad-subscriptions';
import { leadChargesProjector } from './lead-charges';
import { partnerApplicationsProjector } from './partner-applications';
import { partnerLeadsProjector } from './partner-leads';
import { partnersProjector } from './partners';
import { propertiesProjector } from './properties';
import { salesProjector } from './sales';
import { usersProjector } from './users';
import { valuationsProjector } from './valuations';

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
export * from './ad-plans';
export * from './ad-subscriptions';
export * from './lead-charges';
export type { Page, PageWindow } from './paged-read';
export { searchKey } from './search-key';
export { whileUnchanged } from './read-model-memo';

/** Every read model, by name; the runner and the rebuild CLI take them from here. */
export const allProjectors: readonly Projector[] = [usersProjector, salesProjector, valuationsProjector, propertiesProjector, activityProjector, partnersProjector, partnerApplicationsProjector, partnerLeadsProjector, adPlansProjector, adSubscriptionsProjector, adContentProjector, adPerformanceProjector, leadChargesProjector];
