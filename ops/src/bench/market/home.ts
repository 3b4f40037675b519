import type { ConditionScores } from '@kainga/contracts';
import { conditionFactor, drawConditionGrade, drawOwnerRatings } from './condition';
import { offsetKm, rounded } from './geography';
import { propertyTypeSpecs, type PropertyType } from './property-types';
import { clamp, type Random } from './random';
import type { BenchStreet, BenchSuburb } from './suburbs';
import type { TownPlace } from './towns';

/** A home of the bench market: what a valuer can see, and the hidden parts of its value. */
export interface BenchHome {
  homeId: string;
  address: string;
  suburb: string;
  /** The street's name (the address without its number). */
  street: string;
  town: string;
  latitude: number;
  longitude: number;
  type: PropertyType;
  floorArea: number;
  /** m²; 0 for an apartment. */
  landArea: number;
  bedrooms: number;
  bathrooms: number;
  /** The owner's ratings of the 34 criteria (what the wizard would send). */
  conditionScores: ConditionScores;
  hidden: {
    /** True condition grade, 1–5. */
    condition: number;
    /** Suburb level × street level. */
    location: number;
    /** The street's own level alone (log-sd `STREET_LEVEL_SD`), the part of `location` a valuer reads only from the street's sales. */
    streetLevel: number;
    /** The home's own factor nobody can see (view, layout, light), log-sd 0.03. */
    idiosyncratic: number;
    /** Value at the town's peak (index 1). */
    peakValue: number;
  };
}

/** Log-sd of the home's own factor: what no attribute, comparable or rating reveals. */
export const IDIOSYNCRATIC_SD = 0.03;
/** The floor area at which a house's building costs exactly the town's $/m². */
const REFERENCE_FLOOR = 130;
const REFERENCE_LAND = 600;

/**
 * The value at the town's peak of a home:
 *   location × condition × own factor × [building $/m² × type rate × F × (F / 130)^−0.15
 *                                        + land $/m² × L × (L / 600)^−0.35]
 * (bigger homes and bigger sections cost less per m²).
 */
export function peakValueOf(town: TownPlace, home: Pick<BenchHome, 'type' | 'floorArea' | 'landArea'>, hidden: Omit<BenchHome['hidden'], 'peakValue'>): number {
  const building = town.buildingRate * propertyTypeSpecs[home.type].buildingRate * home.floorArea * Math.pow(home.floorArea / REFERENCE_FLOOR, -0.15);
  const land = home.landArea > 0 ? town.landRate * home.landArea * Math.pow(home.landArea / REFERENCE_LAND, -0.35) : 0;
  return hidden.location * conditionFactor(hidden.condition) * hidden.idiosyncratic * (building + land);
}

/** Uniform-ish inside a range, leaning to its middle (mean of two uniforms). */
const inRange = (random: Random, [min, max]: readonly [number, number]) => min + ((random.next() + random.next()) / 2) * (max - min);

/** One home on `street` in `suburb`, at number `number`, of a type drawn from the suburb's mix. */
export function drawHome(random: Random, town: TownPlace, suburb: BenchSuburb, street: BenchStreet, number: number, homeId: string): BenchHome {
  const type = random.weighted(suburb.typeMix);
  const spec = propertyTypeSpecs[type];
  const floorArea = Math.round(inRange(random, spec.floorArea));
  const landArea = spec.landArea[1] === 0 ? 0 : Math.round(inRange(random, spec.landArea));
  const bedrooms = clamp(Math.round(floorArea / 42 + 0.5 * random.normal()), spec.bedrooms[0], spec.bedrooms[1]);
  const bathrooms = clamp(Math.round(1 + (bedrooms - 2) * 0.5 + 0.4 * random.normal()), 1, type === 'house' ? 4 : 2);
  const along = offsetKm(street, random.between(-0.35, 0.35), street.bearing);
  const place = rounded(offsetKm(along, random.between(0, 0.03), random.between(0, 2 * Math.PI)));
  const condition = drawConditionGrade(random);
  const hidden = { condition, location: suburb.level * street.level, streetLevel: street.level, idiosyncratic: random.lognormal(IDIOSYNCRATIC_SD) };
  const home = { type, floorArea, landArea };
  return {
    homeId,
    address: `${type === 'apartment' || type === 'unit' ? `${random.int(1, 12)}/` : ''}${number} ${street.name}`,
    suburb: suburb.name,
    street: street.name,
    town: town.name,
    ...place,
    ...home,
    bedrooms,
    bathrooms,
    conditionScores: drawOwnerRatings(random, condition),
    hidden: { ...hidden, peakValue: peakValueOf(town, home, hidden) },
  };
}
