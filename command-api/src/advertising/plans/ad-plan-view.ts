import type { AdPlanFields, AdPlanRequest, AdPlanView } from '@kainga/contracts';
import type { AdPlanDoc } from '@kainga/projections';

/** A plan as GET /api/ad-plans and the admin's lists answer it (spec 001 §3 "Ad plan"). */
export const toAdPlanView = (doc: AdPlanDoc): AdPlanView => ({
  id: doc._id,
  name: doc.name,
  description: doc.description,
  tier: doc.tier,
  monthlyPrice: doc.monthlyPrice,
  pricePerLead: doc.pricePerLead,
  adWidth: doc.adWidth,
  adHeight: doc.adHeight,
  priority: doc.priority,
  maxImpressions: doc.maxImpressions,
  allowedPlacements: doc.allowedPlacements,
  features: doc.features,
  isActive: doc.isActive,
  createdAt: doc.createdAt,
  updatedAt: doc.updatedAt,
});

/** The plan's fields of a request (the tier and the switch travel beside them in the events). */
export const planFieldsOf = (r: AdPlanRequest): AdPlanFields => ({
  name: r.name,
  description: r.description,
  monthlyPrice: r.monthlyPrice,
  pricePerLead: r.pricePerLead,
  adWidth: r.adWidth,
  adHeight: r.adHeight,
  priority: r.priority,
  maxImpressions: r.maxImpressions,
  // Each placement once, in the order given.
  allowedPlacements: [...new Set(r.allowedPlacements)],
  features: r.features,
});
