import { nzLocations } from '@kainga/contracts';

/**
 * The towns of the bench market and their own price levels (NZD, peak of the market): the
 * building's $/m² of floor area for a house and the land's $/m² at a 600 m² section. Rough
 * levels of our own, independent of the demo generator's table (ops/src/demo/city-markets.ts).
 */
export interface BenchTownLevel {
  /** Location id in `nzLocations`. */
  id: string;
  buildingRate: number;
  landRate: number;
}

export const benchTownLevels: readonly BenchTownLevel[] = [
  { id: 'auckland', buildingRate: 4500, landRate: 1100 },
  { id: 'hamilton', buildingRate: 3300, landRate: 450 },
  { id: 'tauranga', buildingRate: 3600, landRate: 700 },
  { id: 'napier', buildingRate: 3100, landRate: 420 },
  { id: 'palmerston-north', buildingRate: 2900, landRate: 320 },
  { id: 'wellington', buildingRate: 4000, landRate: 700 },
  { id: 'christchurch', buildingRate: 3200, landRate: 380 },
  { id: 'dunedin', buildingRate: 2900, landRate: 300 },
];

/** A bench town: its name and centre from `nzLocations`, with its levels. */
export interface TownPlace extends BenchTownLevel {
  name: string;
  latitude: number;
  longitude: number;
}

export function townPlaces(count = benchTownLevels.length): TownPlace[] {
  return benchTownLevels.slice(0, count).map((level) => {
    const location = nzLocations.find((l) => l.id === level.id);
    if (!location) throw new Error(`no location ${level.id} in nzLocations`);
    return { ...level, name: location.cityName, latitude: location.latitude, longitude: location.longitude };
  });
}
