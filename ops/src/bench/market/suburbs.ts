import { offsetKm, type Point } from './geography';
import type { PropertyType } from './property-types';
import type { Random } from './random';
import type { TownPlace } from './towns';

/** A suburb: its own price level, centre and mix of property types; streets inside it. */
export interface BenchSuburb extends Point {
  name: string;
  /** Multiplies the town's $/m² (log-sd 0.22 across a town's suburbs). */
  level: number;
  /** Weights of the property types sold here (central suburbs hold more apartments). */
  typeMix: readonly (readonly [PropertyType, number])[];
  streets: BenchStreet[];
}

/** Log-sd of a street's own price level within its suburb. */
export const STREET_LEVEL_SD = 0.03;

/** A street: a short line through its centre, with its own small price level (log-sd `STREET_LEVEL_SD`). */
export interface BenchStreet extends Point {
  name: string;
  /** Radians, 0 = north. */
  bearing: number;
  level: number;
}

const suburbNames = [
  'Hillcrest', 'Riverside', 'Fairfield', 'Highbury', 'Glenview', 'Westmere', 'Northcote', 'Bayview', 'Parkside', 'Brookfield',
  'Mount Pleasant', 'Kensington', 'St Albans', 'Richmond Heights', 'Greenhithe', 'Kowhai Park', 'Maple Grove', 'Tōtara Heights',
  'Ridgeway', 'Harbourside', 'Oakley', 'Lynfield', 'Somerfield', 'Belmont',
];
const streetNames = [
  'Kōwhai', 'Rimu', 'Tōtara', 'Mātai', 'Queen', 'Victoria', 'Albert', 'Church', 'Park', 'Hill', 'Beach', 'Station', 'George',
  'Kauri', 'Pōhutukawa', 'Nikau', 'Miro', 'Elizabeth', 'Gordon', 'Stanley', 'Marine', 'Kereru', 'Tūī', 'Harakeke',
];
const streetKinds = ['Street', 'Road', 'Avenue', 'Crescent', 'Place', 'Terrace', 'Grove', 'Lane'];

/**
 * The suburbs of a town: `count` of them on two rings around the town centre (the first ring
 * 1.5–3.5 km out, the second 4.5–7 km), evenly spread in angle with some jitter, so neighbouring
 * centres lie a few km apart; one more in the centre holds the most apartments. Each has 4–8
 * streets within 0.9 km of its centre.
 */
export function drawSuburbs(random: Random, town: TownPlace, count: number): BenchSuburb[] {
  const names = [...suburbNames];
  const suburbs: BenchSuburb[] = [];
  for (let i = 0; i < count; i++) {
    const name = names.splice(random.int(0, names.length - 1), 1)[0] ?? `Suburb ${i + 1}`;
    const central = i === 0;
    const ring = i % 2 === 1;
    const km = central ? random.between(0, 0.8) : ring ? random.between(1.5, 3.5) : random.between(4.5, 7);
    const bearing = central ? random.between(0, 2 * Math.PI) : (2 * Math.PI * i) / Math.max(1, count - 1) + random.between(-0.3, 0.3);
    const centre = offsetKm(town, km, bearing);
    // 1 in the centre, falling to 0 at 8 km: the nearer the centre, the more apartments and units.
    const density = central ? 1 : Math.max(0, 1 - km / 8) * random.between(0.3, 1);
    const typeMix: BenchSuburb['typeMix'] = [
      ['house', 1 - 0.55 * density],
      ['townhouse', 0.1 + 0.15 * density],
      ['unit', 0.08 + 0.1 * density],
      ['apartment', 0.02 + 0.45 * density * density],
    ];
    const level = random.lognormal(0.22);
    const streets: BenchStreet[] = [];
    const streetCount = random.int(4, 8);
    const used = new Set<string>();
    while (streets.length < streetCount) {
      const streetName = `${random.pick(streetNames)} ${random.pick(streetKinds)}`;
      if (used.has(streetName)) continue;
      used.add(streetName);
      const at = offsetKm(centre, random.between(0, 0.9), random.between(0, 2 * Math.PI));
      streets.push({ ...at, name: streetName, bearing: random.between(0, Math.PI), level: random.lognormal(STREET_LEVEL_SD) });
    }
    suburbs.push({ ...centre, name, level, typeMix, streets });
  }
  return suburbs;
}
