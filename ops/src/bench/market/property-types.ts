/** The kinds of home the bench market holds (DESIGN.md: house, townhouse, unit, apartment). */
export const propertyTypes = ['house', 'townhouse', 'unit', 'apartment'] as const;
export type PropertyType = (typeof propertyTypes)[number];

export interface PropertyTypeSpec {
  /** The building's $/m² relative to a house's in the same suburb. */
  buildingRate: number;
  /** Floor area range, m². */
  floorArea: readonly [number, number];
  /** Land area range, m² ([0, 0]: no land of its own). */
  landArea: readonly [number, number];
  /** Bedrooms range (drawn from the floor area, then held inside it). */
  bedrooms: readonly [number, number];
}

/**
 * Each type's own $/m² level and size ranges. An apartment owns no land (its share of the body
 * corporate's site is in its price per m²); a unit sits on a small cross-lease or unit-title lot.
 */
export const propertyTypeSpecs: Record<PropertyType, PropertyTypeSpec> = {
  house: { buildingRate: 1, floorArea: [85, 280], landArea: [350, 1100], bedrooms: [2, 6] },
  townhouse: { buildingRate: 1.12, floorArea: [80, 175], landArea: [110, 320], bedrooms: [2, 4] },
  unit: { buildingRate: 0.92, floorArea: [50, 115], landArea: [80, 300], bedrooms: [1, 3] },
  apartment: { buildingRate: 1.3, floorArea: [35, 120], landArea: [0, 0], bedrooms: [1, 3] },
};
