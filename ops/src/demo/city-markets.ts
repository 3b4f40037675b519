import { nzLocations, type Location } from '@kainga/contracts';

/**
 * Demo housing markets, one per town of `nzLocations`.
 *
 * THESE ARE APPROXIMATE DEMO FIGURES, NOT OFFICIAL DATA. They were written by hand to look like
 * New Zealand's 2025–26 market (medians in the spirit of published REINZ / QV figures, rounded),
 * only so the demo sales the generator makes have a believable shape: Queenstown dearer than
 * Auckland, Auckland dearer than Christchurch, small rural towns cheapest. Nobody should quote
 * them, and nothing outside the demo generator reads them.
 */
export type TownKind =
  /** Big city: smaller sections, units and townhouses among the houses. */
  | 'metro'
  /** Provincial city. */
  | 'city'
  /** Town or satellite town: quarter-acre-ish sections. */
  | 'town'
  /** Rural service town: big sections, a few lifestyle blocks. */
  | 'rural'
  /** Holiday / resort town: dear land, holiday homes. */
  | 'resort';

export interface CityMarket {
  /** Median sale price of a house today, NZD. */
  medianPrice: number;
  /** Typical sale price per m² of floor area, NZD (so the median home has medianPrice / pricePerSqm m²). */
  pricePerSqm: number;
  /** Share of a typical sale price that is the land (0–1). */
  landShare: number;
  /** Yearly price change, e.g. -0.02 for −2 % a year. */
  yearlyTrend: number;
  /** Typical sale price ÷ council rateable value (RVs are set every three years, so this drifts from 1). */
  saleToRv: number;
  kind: TownKind;
}

/** [medianPrice, pricePerSqm, landShare, yearlyTrend, saleToRv, kind] by location id. */
const table: Record<string, readonly [number, number, number, number, number, TownKind]> = {
  auckland: [1_100_000, 7_600, 0.62, -0.02, 0.88, 'metro'],
  orewa: [980_000, 6_800, 0.55, -0.02, 0.9, 'town'],
  pukekohe: [860_000, 5_900, 0.5, -0.02, 0.92, 'town'],
  warkworth: [1_000_000, 6_600, 0.55, -0.01, 0.93, 'town'],
  'waiheke-island': [1_450_000, 9_500, 0.6, -0.02, 0.9, 'resort'],
  whangarei: [650_000, 4_500, 0.45, -0.02, 0.95, 'city'],
  kerikeri: [850_000, 5_500, 0.5, -0.02, 0.95, 'town'],
  kaitaia: [420_000, 3_000, 0.35, -0.02, 1.0, 'rural'],
  dargaville: [430_000, 3_100, 0.35, -0.02, 1.0, 'rural'],
  paihia: [800_000, 5_600, 0.55, -0.02, 0.95, 'resort'],
  hamilton: [760_000, 5_300, 0.5, -0.01, 0.93, 'city'],
  taupo: [760_000, 5_200, 0.5, -0.02, 0.95, 'resort'],
  cambridge: [900_000, 5_900, 0.5, -0.01, 0.95, 'town'],
  'te-awamutu': [690_000, 4_700, 0.45, -0.01, 0.95, 'town'],
  tokoroa: [380_000, 2_900, 0.35, -0.01, 1.02, 'town'],
  matamata: [700_000, 4_700, 0.45, -0.01, 0.97, 'town'],
  morrinsville: [640_000, 4_400, 0.45, -0.01, 0.97, 'town'],
  huntly: [520_000, 3_800, 0.4, -0.01, 0.98, 'town'],
  thames: [630_000, 4_500, 0.45, -0.02, 0.97, 'town'],
  whitianga: [880_000, 6_000, 0.55, -0.02, 0.95, 'resort'],
  waihi: [560_000, 4_000, 0.4, -0.01, 0.98, 'town'],
  paeroa: [500_000, 3_600, 0.4, -0.01, 0.98, 'town'],
  'te-kuiti': [400_000, 2_900, 0.35, 0, 1.0, 'rural'],
  raglan: [920_000, 6_300, 0.55, -0.01, 0.95, 'resort'],
  tauranga: [930_000, 6_300, 0.55, -0.01, 0.95, 'city'],
  rotorua: [640_000, 4_500, 0.45, -0.01, 0.96, 'city'],
  'mount-maunganui': [1_150_000, 7_700, 0.62, -0.01, 0.94, 'city'],
  whakatane: [690_000, 4_800, 0.45, -0.01, 0.97, 'town'],
  'te-puke': [720_000, 4_900, 0.45, 0, 0.97, 'town'],
  katikati: [790_000, 5_300, 0.5, -0.01, 0.96, 'town'],
  kawerau: [380_000, 2_800, 0.35, 0, 1.03, 'town'],
  opotiki: [500_000, 3_500, 0.4, 0, 1.0, 'rural'],
  gisborne: [590_000, 4_200, 0.45, 0, 1.0, 'city'],
  napier: [720_000, 5_000, 0.5, 0, 0.97, 'city'],
  hastings: [680_000, 4_700, 0.45, 0, 0.97, 'city'],
  'havelock-north': [930_000, 6_000, 0.5, 0, 0.96, 'town'],
  waipukurau: [460_000, 3_300, 0.35, 0.01, 1.0, 'rural'],
  wairoa: [350_000, 2_600, 0.3, 0.01, 1.03, 'rural'],
  'new-plymouth': [700_000, 4_900, 0.45, 0.01, 0.97, 'city'],
  hawera: [440_000, 3_200, 0.35, 0.02, 1.0, 'town'],
  stratford: [460_000, 3_300, 0.35, 0.02, 1.0, 'town'],
  waitara: [480_000, 3_400, 0.38, 0.02, 1.0, 'town'],
  'palmerston-north': [580_000, 4_100, 0.45, 0, 0.95, 'city'],
  whanganui: [460_000, 3_300, 0.38, 0, 0.95, 'city'],
  levin: [530_000, 3_800, 0.42, 0, 0.95, 'town'],
  feilding: [580_000, 4_000, 0.42, 0, 0.95, 'town'],
  dannevirke: [380_000, 2_800, 0.33, 0.01, 1.0, 'rural'],
  marton: [380_000, 2_800, 0.33, 0.01, 1.0, 'rural'],
  taumarunui: [320_000, 2_400, 0.3, 0.01, 1.03, 'rural'],
  taihape: [330_000, 2_500, 0.3, 0.01, 1.03, 'rural'],
  ohakune: [560_000, 4_200, 0.45, 0, 0.98, 'resort'],
  wellington: [850_000, 6_200, 0.55, -0.03, 0.82, 'metro'],
  'lower-hutt': [720_000, 5_300, 0.5, -0.02, 0.8, 'city'],
  'upper-hutt': [700_000, 5_000, 0.48, -0.02, 0.82, 'city'],
  porirua: [720_000, 5_100, 0.48, -0.03, 0.8, 'city'],
  paraparaumu: [750_000, 5_200, 0.5, -0.02, 0.85, 'town'],
  waikanae: [880_000, 5_800, 0.5, -0.02, 0.85, 'town'],
  masterton: [560_000, 4_000, 0.42, -0.01, 0.88, 'town'],
  carterton: [600_000, 4_200, 0.42, -0.01, 0.88, 'town'],
  martinborough: [780_000, 5_300, 0.5, -0.01, 0.9, 'resort'],
  nelson: [760_000, 5_300, 0.5, -0.01, 0.93, 'city'],
  richmond: [820_000, 5_600, 0.5, -0.01, 0.93, 'town'],
  motueka: [700_000, 4_800, 0.48, -0.01, 0.95, 'town'],
  blenheim: [640_000, 4_400, 0.45, 0, 0.97, 'city'],
  picton: [590_000, 4_300, 0.45, 0, 0.97, 'town'],
  greymouth: [390_000, 2_900, 0.33, 0.02, 1.02, 'town'],
  westport: [350_000, 2_600, 0.3, 0.02, 1.03, 'town'],
  hokitika: [470_000, 3_300, 0.35, 0.02, 1.0, 'town'],
  christchurch: [700_000, 4_900, 0.5, 0.02, 1.05, 'metro'],
  rolleston: [720_000, 4_300, 0.45, 0.01, 1.02, 'town'],
  rangiora: [660_000, 4_300, 0.45, 0.02, 1.03, 'town'],
  kaiapoi: [620_000, 4_300, 0.45, 0.02, 1.03, 'town'],
  ashburton: [540_000, 3_700, 0.4, 0.02, 1.02, 'town'],
  timaru: [500_000, 3_500, 0.38, 0.02, 1.02, 'city'],
  geraldine: [560_000, 3_900, 0.4, 0.02, 1.0, 'rural'],
  kaikoura: [600_000, 4_300, 0.48, 0.01, 1.0, 'resort'],
  'hanmer-springs': [780_000, 5_500, 0.55, 0.01, 1.0, 'resort'],
  twizel: [690_000, 5_000, 0.52, 0.01, 0.98, 'resort'],
  dunedin: [600_000, 4_300, 0.45, 0.01, 0.93, 'city'],
  mosgiel: [650_000, 4_400, 0.45, 0.01, 0.95, 'town'],
  queenstown: [1_650_000, 10_000, 0.62, 0, 0.95, 'resort'],
  wanaka: [1_350_000, 8_300, 0.6, 0, 0.95, 'resort'],
  oamaru: [480_000, 3_400, 0.38, 0.02, 1.0, 'town'],
  cromwell: [880_000, 5_800, 0.5, 0.01, 0.96, 'town'],
  alexandra: [640_000, 4_400, 0.45, 0.02, 0.98, 'town'],
  balclutha: [390_000, 2_800, 0.32, 0.02, 1.02, 'rural'],
  invercargill: [480_000, 3_400, 0.38, 0.03, 1.05, 'city'],
  gore: [420_000, 3_000, 0.35, 0.03, 1.05, 'town'],
  bluff: [320_000, 2_500, 0.3, 0.04, 1.08, 'town'],
  'te-anau': [650_000, 4_700, 0.5, 0.02, 1.0, 'resort'],
};

/** The demo market of every location, by location id. */
export const cityMarkets: Readonly<Record<string, CityMarket>> = Object.fromEntries(
  Object.entries(table).map(([id, [medianPrice, pricePerSqm, landShare, yearlyTrend, saleToRv, kind]]) => [id, { medianPrice, pricePerSqm, landShare, yearlyTrend, saleToRv, kind }]),
);

/** The demo market of a location; every location of `nzLocations` has one. */
export function marketOf(location: Pick<Location, 'id'>): CityMarket {
  const market = cityMarkets[location.id];
  if (!market) throw new Error(`No demo market for location ${location.id}.`);
  return market;
}

/** A named part of a town for the demo: its centre and how its prices compare with the town's. */
export interface DemoSuburb {
  name: string;
  latitude: number;
  longitude: number;
  /** Relative price level; the generator normalises a city's factors so its median stays put. */
  priceFactor: number;
}

type SuburbRow = readonly [name: string, latitude: number, longitude: number, priceFactor: number];

/**
 * Real suburbs of the bigger cities, with approximate centres (3 decimals, ≈ 100 m) and a demo
 * price level (again approximate, for the demo only). Other towns use compass quarters.
 */
const suburbTable: Record<string, readonly SuburbRow[]> = {
  auckland: [
    ['Ponsonby', -36.856, 174.746, 1.45],
    ['Grey Lynn', -36.86, 174.738, 1.35],
    ['Mount Eden', -36.88, 174.757, 1.4],
    ['Remuera', -36.879, 174.799, 1.7],
    ['Epsom', -36.887, 174.774, 1.55],
    ['Takapuna', -36.788, 174.771, 1.4],
    ['Devonport', -36.83, 174.796, 1.5],
    ['Albany', -36.728, 174.695, 1.05],
    ['Henderson', -36.88, 174.631, 0.82],
    ['New Lynn', -36.908, 174.685, 0.85],
    ['Mount Albert', -36.883, 174.72, 1.2],
    ['Onehunga', -36.924, 174.786, 1.0],
    ['Howick', -36.898, 174.93, 1.1],
    ['Papatoetoe', -36.974, 174.858, 0.78],
    ['Manurewa', -37.023, 174.896, 0.7],
    ['Glen Innes', -36.879, 174.856, 0.85],
  ],
  wellington: [
    ['Thorndon', -41.276, 174.779, 1.2],
    ['Kelburn', -41.287, 174.765, 1.3],
    ['Karori', -41.283, 174.738, 1.05],
    ['Khandallah', -41.245, 174.79, 1.25],
    ['Johnsonville', -41.223, 174.805, 0.9],
    ['Newtown', -41.312, 174.779, 0.85],
    ['Island Bay', -41.338, 174.77, 0.95],
    ['Miramar', -41.315, 174.815, 0.95],
    ['Brooklyn', -41.305, 174.76, 0.95],
    ['Mount Victoria', -41.296, 174.788, 1.2],
    ['Tawa', -41.169, 174.828, 0.85],
  ],
  christchurch: [
    ['Fendalton', -43.518, 172.6, 1.55],
    ['Merivale', -43.513, 172.621, 1.45],
    ['Riccarton', -43.531, 172.595, 0.95],
    ['Papanui', -43.496, 172.608, 0.95],
    ['Cashmere', -43.572, 172.63, 1.35],
    ['Sumner', -43.57, 172.758, 1.3],
    ['Hornby', -43.543, 172.525, 0.78],
    ['Addington', -43.541, 172.619, 0.85],
    ['Linwood', -43.532, 172.671, 0.72],
    ['Burnside', -43.5, 172.578, 1.15],
    ['Halswell', -43.583, 172.572, 1.0],
    ['New Brighton', -43.508, 172.729, 0.78],
  ],
  hamilton: [
    ['Hamilton East', -37.795, 175.295, 0.95],
    ['Hillcrest', -37.8, 175.315, 0.92],
    ['Rototuna', -37.734, 175.28, 1.2],
    ['Flagstaff', -37.743, 175.26, 1.2],
    ['Chartwell', -37.761, 175.276, 1.0],
    ['Frankton', -37.796, 175.256, 0.8],
    ['Dinsdale', -37.804, 175.234, 0.85],
    ['Claudelands', -37.778, 175.295, 1.0],
  ],
  tauranga: [
    ['Bethlehem', -37.695, 176.11, 1.15],
    ['Otūmoetai', -37.663, 176.14, 1.0],
    ['Greerton', -37.728, 176.133, 0.85],
    ['Welcome Bay', -37.73, 176.18, 0.9],
    ['Pyes Pa', -37.754, 176.115, 1.1],
    ['Papamoa', -37.72, 176.288, 1.05],
    ['Matua', -37.646, 176.129, 1.2],
    ['Gate Pa', -37.71, 176.144, 0.85],
  ],
  dunedin: [
    ['St Clair', -45.911, 170.489, 1.2],
    ['Roslyn', -45.865, 170.487, 1.25],
    ['Māori Hill', -45.856, 170.493, 1.4],
    ['Mornington', -45.88, 170.486, 0.95],
    ['North East Valley', -45.848, 170.525, 0.85],
    ['Andersons Bay', -45.895, 170.534, 1.0],
    ['Caversham', -45.897, 170.489, 0.8],
    ['St Kilda', -45.907, 170.502, 0.85],
  ],
  'lower-hutt': [
    ['Petone', -41.227, 174.873, 1.1],
    ['Eastbourne', -41.292, 174.897, 1.35],
    ['Waiwhetū', -41.222, 174.92, 1.0],
    ['Woburn', -41.22, 174.91, 1.25],
    ['Naenae', -41.199, 174.948, 0.8],
    ['Stokes Valley', -41.177, 174.98, 0.85],
    ['Wainuiomata', -41.263, 174.945, 0.8],
  ],
  'palmerston-north': [
    ['Hokowhitu', -40.365, 175.63, 1.2],
    ['Terrace End', -40.346, 175.63, 0.9],
    ['Awapuni', -40.368, 175.585, 0.95],
    ['Kelvin Grove', -40.33, 175.65, 1.1],
    ['Takaro', -40.35, 175.59, 0.85],
    ['Milson', -40.331, 175.612, 0.95],
  ],
  napier: [
    ['Ahuriri', -39.483, 176.904, 1.1],
    ['Bluff Hill', -39.483, 176.918, 1.25],
    ['Taradale', -39.535, 176.848, 1.05],
    ['Greenmeadows', -39.525, 176.865, 1.05],
    ['Marewa', -39.506, 176.895, 0.85],
    ['Onekawa', -39.508, 176.878, 0.85],
  ],
  nelson: [
    ['Stoke', -41.315, 173.23, 0.95],
    ['Tāhunanui', -41.285, 173.25, 1.05],
    ['The Wood', -41.265, 173.29, 1.1],
    ['Atawhai', -41.242, 173.31, 1.15],
    ['Nelson South', -41.285, 173.275, 0.9],
  ],
  rotorua: [
    ['Ngongotahā', -38.083, 176.212, 1.0],
    ['Glenholme', -38.147, 176.245, 0.95],
    ['Lynmore', -38.14, 176.286, 1.2],
    ['Owhata', -38.133, 176.297, 0.85],
    ['Fenton Park', -38.152, 176.258, 0.95],
  ],
  'new-plymouth': [
    ['Fitzroy', -39.047, 174.1, 1.1],
    ['Merrilands', -39.072, 174.11, 1.05],
    ['Westown', -39.072, 174.056, 0.9],
    ['Vogeltown', -39.074, 174.078, 1.0],
    ['Bell Block', -39.03, 174.14, 0.95],
    ['Strandon', -39.051, 174.09, 1.05],
  ],
  queenstown: [
    ['Frankton', -45.02, 168.735, 0.9],
    ['Fernhill', -45.037, 168.638, 1.0],
    ['Kelvin Heights', -45.05, 168.695, 1.2],
    ['Arthurs Point', -44.99, 168.67, 1.05],
    ['Jacks Point', -45.073, 168.742, 1.1],
    ['Sunshine Bay', -45.043, 168.624, 1.05],
  ],
  invercargill: [
    ['Waikiwi', -46.388, 168.351, 1.0],
    ['Richmond', -46.404, 168.373, 0.95],
    ['Glengarry', -46.395, 168.386, 0.85],
    ['Windsor', -46.397, 168.361, 1.1],
    ['Georgetown', -46.423, 168.371, 0.9],
    ['Gladstone', -46.39, 168.355, 1.15],
  ],
  whangarei: [
    ['Kamo', -35.683, 174.306, 1.0],
    ['Tikipunga', -35.69, 174.335, 0.8],
    ['Onerahi', -35.765, 174.365, 1.0],
    ['Maunu', -35.74, 174.285, 1.2],
    ['Kensington', -35.71, 174.315, 0.95],
    ['Regent', -35.715, 174.322, 0.95],
  ],
};

/** Compass quarters of a town without named suburbs: offsets from the centre in km (north, east). */
const quarters: readonly [name: string, northKm: number, eastKm: number][] = [
  ['Central', 0, 0],
  ['North', 1.8, 0],
  ['East', 0, 1.8],
  ['West', 0, -1.8],
  ['South', -1.8, 0],
];

const KM_PER_DEGREE = 111.32;

/** The demo suburbs of a location: real ones for the bigger cities, compass quarters otherwise. */
export function suburbsOf(location: Location): readonly DemoSuburb[] {
  const named = suburbTable[location.id];
  if (named) return named.map(([name, latitude, longitude, priceFactor]) => ({ name, latitude, longitude, priceFactor }));
  const kmPerDegreeLon = KM_PER_DEGREE * Math.cos((location.latitude * Math.PI) / 180);
  return quarters.map(([name, north, east]) => ({
    name,
    latitude: location.latitude + north / KM_PER_DEGREE,
    longitude: location.longitude + east / kmPerDegreeLon,
    priceFactor: 1,
  }));
}

/** Every location with its market, in the order of `nzLocations`. */
export const demoMarkets: readonly { location: Location; market: CityMarket }[] = nzLocations.map((location) => ({ location, market: marketOf(location) }));
