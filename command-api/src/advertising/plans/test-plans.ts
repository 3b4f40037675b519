import { waitForProjection, type Stores } from '@kainga/platform';
import { parseAdPlansConfig, seedAdPlans } from './seed-ad-plans';

/**
 * Test set-up: gold, silver and bronze plans as the start-up seed makes them (the shipped prices
 * live in ops/config/ad-plans.json; tests use these so they do not depend on ops).
 */
export const testAdPlans = parseAdPlansConfig(
  [
    { tier: 'gold', name: 'Gold', description: 'Top placement', monthlyPrice: 299, pricePerLead: 25, adWidth: 300, adHeight: 250, priority: 3, maxImpressions: 10000, allowedPlacements: ['sidebar_valuation', 'mortgage_calculator', 'rental_assessment', 'property_results'], features: ['Premium Partners panel'] },
    { tier: 'silver', name: 'Silver', description: 'Banner rotation', monthlyPrice: 149, pricePerLead: 15, adWidth: 728, adHeight: 90, priority: 2, maxImpressions: 5000, allowedPlacements: ['mortgage_calculator', 'rental_assessment', 'property_results'], features: ['Banner rotation'] },
    { tier: 'bronze', name: 'Bronze', description: 'Entry level', monthlyPrice: 49, pricePerLead: 10, adWidth: 320, adHeight: 100, priority: 1, maxImpressions: 2000, allowedPlacements: ['property_results'], features: ['Results placement'] },
  ],
  'test plans',
);

/** Seeds the test plans and waits until GET /api/ad-plans answers them. */
export async function seedTestAdPlans(stores: Stores): Promise<void> {
  await seedAdPlans({ stores }, testAdPlans);
  await waitForProjection(stores.readStore, 'ad_plans', await stores.eventStore.headPosition());
}
