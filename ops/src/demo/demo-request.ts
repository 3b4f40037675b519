import type { ConditionScores, Purpose, ValuationRequest } from '@kainga/contracts';
import type { DemoSale } from './market-generator';

/** The wizard's form for a generated home: its details, a purpose and condition ratings. */
export function demoValuationRequest(home: DemoSale, purpose: Purpose, conditionScores: ConditionScores): ValuationRequest {
  return {
    purpose,
    address: home.address,
    suburb: home.suburb,
    city: home.city,
    ...(home.propertyType ? { propertyType: home.propertyType } : {}),
    floorArea: home.floorArea,
    landArea: home.landArea,
    bedrooms: home.bedrooms,
    bathrooms: home.bathrooms,
    rateableValue: home.rateableValue,
    conditionScores,
  };
}
