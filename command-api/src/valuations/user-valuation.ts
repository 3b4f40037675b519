import { propertyTypeOf, type UserValuation } from '@kainga/contracts';
import type { ValuationDoc } from '@kainga/projections';

/** The owner's view of a valuation (consumer spec §3 "User's valuation"). */
export function toUserValuation(doc: ValuationDoc): UserValuation {
  const e = doc.estimate;
  return {
    id: doc._id,
    createdAt: doc.createdAt,
    purpose: doc.purpose,
    status: doc.status,
    estimatedValue: e?.estimatedValue ?? null,
    conservativeValue: e?.conservativeValue ?? null,
    optimisticValue: e?.optimisticValue ?? null,
    baseValue: e?.baseValue ?? null,
    conditionAdjustment: e?.conditionAdjustment ?? null,
    marketAdjustment: e?.marketAdjustment ?? null,
    confidence: e?.confidence ?? null,
    engine: e?.engine ?? null,
    explanation: e?.explanation ?? [],
    failureReason: doc.failureReason,
    rateableValue: doc.property.rateableValue,
    city: doc.property.city,
    suburb: doc.property.suburb,
    conditionScores: doc.conditionScores,
    comparables: doc.comparables,
    comparablesWindowMonths: doc.comparablesWindowMonths,
    saved: doc.saved,
    savedAt: doc.savedAt,
    property: {
      id: doc.propertyId,
      address: doc.property.address,
      suburb: doc.property.suburb,
      city: doc.property.city,
      // Only the owner (or an admin) reads this view; a valuation made before types existed is of a house.
      propertyType: propertyTypeOf(doc.property),
      bedrooms: doc.property.bedrooms,
      bathrooms: doc.property.bathrooms,
      floorArea: doc.property.floorArea,
      landArea: doc.property.landArea,
      rateableValue: doc.property.rateableValue,
    },
  };
}
