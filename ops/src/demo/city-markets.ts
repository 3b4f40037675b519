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
 * Real suburbs and localities of every town, with approximate centres (3 decimals, ≈ 100 m) and a
 * demo price level (again approximate, for the demo only). Big cities get a dozen or so named
 * suburbs with a wide spread of levels; smaller towns their own well-known suburbs, or for the
 * smallest the town itself and the villages and beaches around it that share its market, within
 * about ±25 % of the town. No generated names ("North", "Central", …): every town is listed here.
 */
const suburbTable: Record<string, readonly SuburbRow[]> = {
  // Auckland
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
  orewa: [
    ['Orewa', -36.587, 174.694, 1.05],
    ['Red Beach', -36.601, 174.703, 1.0],
    ['Millwater', -36.603, 174.667, 1.15],
    ['Silverdale', -36.617, 174.677, 0.9],
    ['Hatfields Beach', -36.566, 174.697, 1.05],
    ['Stanmore Bay', -36.628, 174.735, 0.9],
    ['Whangaparāoa', -36.633, 174.76, 0.95],
  ],
  pukekohe: [
    ['Pukekohe', -37.2, 174.901, 1.0],
    ['Buckland', -37.226, 174.94, 1.1],
    ['Paerata', -37.17, 174.905, 1.05],
    ['Patumāhoe', -37.19, 174.832, 1.15],
    ['Tuakau', -37.262, 174.946, 0.82],
  ],
  warkworth: [
    ['Warkworth', -36.398, 174.662, 1.0],
    ['Snells Beach', -36.42, 174.727, 0.95],
    ['Algies Bay', -36.438, 174.737, 1.05],
    ['Matakana', -36.352, 174.716, 1.2],
    ['Sandspit', -36.393, 174.72, 1.1],
  ],
  'waiheke-island': [
    ['Oneroa', -36.787, 175.01, 1.15],
    ['Little Oneroa', -36.785, 175.02, 1.05],
    ['Blackpool', -36.793, 175.01, 0.95],
    ['Palm Beach', -36.782, 175.035, 1.15],
    ['Surfdale', -36.795, 175.03, 0.9],
    ['Ostend', -36.796, 175.04, 0.82],
    ['Onetangi', -36.785, 175.075, 1.2],
  ],
  // Northland
  whangarei: [
    ['Kamo', -35.683, 174.306, 1.0],
    ['Tikipunga', -35.69, 174.335, 0.8],
    ['Onerahi', -35.765, 174.365, 1.0],
    ['Maunu', -35.74, 174.285, 1.2],
    ['Kensington', -35.71, 174.315, 0.95],
    ['Regent', -35.715, 174.322, 0.95],
  ],
  kerikeri: [
    ['Kerikeri', -35.227, 173.947, 1.0],
    ['Waipapa', -35.207, 173.915, 0.85],
    ['Kapiro', -35.185, 173.95, 1.05],
    ['Rangitane', -35.196, 174.021, 1.2],
    ['Opito Bay', -35.192, 174.035, 1.2],
  ],
  kaitaia: [
    ['Kaitaia', -35.113, 173.263, 1.0],
    ['Awanui', -35.046, 173.256, 0.85],
    ['Pukepoto', -35.135, 173.215, 0.9],
    ['Ahipara', -35.171, 173.155, 1.2],
  ],
  dargaville: [
    ['Dargaville', -35.941, 173.87, 1.0],
    ['Baylys Beach', -35.95, 173.745, 1.15],
    ['Aratapu', -36.01, 173.89, 0.85],
    ['Te Kōpuru', -36.035, 173.925, 0.85],
  ],
  paihia: [
    ['Paihia', -35.282, 174.091, 1.05],
    ['Waitangi', -35.27, 174.08, 1.15],
    ['Te Haumi', -35.293, 174.098, 0.95],
    ['Haruru', -35.277, 174.055, 0.85],
    ['Opua', -35.313, 174.115, 1.05],
  ],
  // Waikato
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
  taupo: [
    ['Nukuhau', -38.67, 176.075, 1.0],
    ['Hilltop', -38.693, 176.085, 0.9],
    ['Rangatira Park', -38.678, 176.09, 1.0],
    ['Tauhara', -38.689, 176.104, 0.82],
    ['Richmond Heights', -38.712, 176.1, 1.0],
    ['Acacia Bay', -38.7, 176.032, 1.3],
    ['Wharewaka', -38.735, 176.09, 1.2],
  ],
  cambridge: [
    ['Cambridge', -37.885, 175.47, 1.05],
    ['Leamington', -37.905, 175.475, 0.95],
    ['Hautapu', -37.868, 175.448, 1.1],
    ['Karapiro', -37.93, 175.54, 1.2],
  ],
  'te-awamutu': [
    ['Te Awamutu', -38.008, 175.325, 1.0],
    ['Kihikihi', -38.036, 175.347, 0.85],
    ['Pirongia', -38.0, 175.2, 1.15],
    ['Ōhaupō', -37.916, 175.307, 1.2],
  ],
  tokoroa: [
    ['Parkdale', -38.21, 175.855, 1.0],
    ['Paraonui', -38.2, 175.875, 1.1],
    ['Papanui', -38.225, 175.86, 0.85],
    ['Matarawa', -38.215, 175.88, 1.05],
    ['Aotea', -38.232, 175.875, 0.9],
    ['Strathmore', -38.224, 175.85, 0.9],
  ],
  matamata: [
    ['Matamata', -37.81, 175.773, 1.05],
    ['Waharoa', -37.758, 175.76, 0.8],
    ['Hinuera', -37.87, 175.74, 1.1],
    ['Okauia', -37.79, 175.82, 1.15],
  ],
  morrinsville: [
    ['Morrinsville', -37.657, 175.529, 1.0],
    ['Kereone', -37.69, 175.58, 1.1],
    ['Motumaoho', -37.66, 175.43, 1.05],
    ['Waitoa', -37.6, 175.63, 0.82],
  ],
  huntly: [
    ['Huntly', -37.558, 175.158, 0.95],
    ['Ohinewai', -37.49, 175.16, 1.1],
    ['Taupiri', -37.62, 175.19, 1.15],
    ['Glen Afton', -37.62, 175.05, 0.85],
    ['Pukemiro', -37.61, 175.03, 0.8],
  ],
  thames: [
    ['Thames', -37.139, 175.541, 0.95],
    ['Parawai', -37.15, 175.55, 1.0],
    ['Tararu', -37.115, 175.525, 1.05],
    ['Totara', -37.17, 175.56, 0.9],
    ['Kopu', -37.185, 175.58, 0.85],
    ['Te Puru', -37.05, 175.52, 1.2],
  ],
  whitianga: [
    ['Whitianga', -36.833, 175.7, 1.0],
    ['Ferry Landing', -36.835, 175.713, 1.05],
    ['Cooks Beach', -36.835, 175.735, 1.15],
    ['Wharekaho', -36.8, 175.7, 1.1],
    ['Hahei', -36.84, 175.8, 1.25],
  ],
  waihi: [
    ['Waihi', -37.391, 175.841, 0.9],
    ['Waikino', -37.41, 175.77, 0.85],
    ['Waihi Beach', -37.4, 175.94, 1.25],
    ['Athenree', -37.455, 175.955, 1.15],
  ],
  paeroa: [
    ['Paeroa', -37.38, 175.671, 1.0],
    ['Mackaytown', -37.39, 175.71, 0.95],
    ['Karangahake', -37.42, 175.72, 1.05],
    ['Hikutaia', -37.28, 175.65, 1.1],
    ['Tirohia', -37.43, 175.64, 0.9],
  ],
  'te-kuiti': [
    ['Te Kūiti', -38.333, 175.167, 0.95],
    ['Oparure', -38.3, 175.12, 1.05],
    ['Hangatiki', -38.27, 175.17, 1.1],
    ['Waitomo', -38.26, 175.1, 1.15],
  ],
  raglan: [
    ['Raglan', -37.801, 174.871, 1.0],
    ['Manu Bay', -37.815, 174.815, 1.2],
    ['Whale Bay', -37.82, 174.8, 1.25],
    ['Te Uku', -37.83, 174.95, 0.85],
  ],
  // Bay of Plenty
  tauranga: [
    ['Bethlehem', -37.695, 176.11, 1.15],
    ['Ōtūmoetai', -37.663, 176.14, 1.0],
    ['Greerton', -37.728, 176.133, 0.85],
    ['Welcome Bay', -37.73, 176.18, 0.9],
    ['Pyes Pā', -37.754, 176.115, 1.1],
    ['Pāpāmoa', -37.72, 176.288, 1.05],
    ['Matua', -37.646, 176.129, 1.2],
    ['Gate Pā', -37.71, 176.144, 0.85],
  ],
  rotorua: [
    ['Ngongotahā', -38.083, 176.212, 1.0],
    ['Glenholme', -38.147, 176.245, 0.95],
    ['Lynmore', -38.14, 176.286, 1.2],
    ['Owhata', -38.133, 176.297, 0.85],
    ['Fenton Park', -38.152, 176.258, 0.95],
  ],
  'mount-maunganui': [
    ['Mount Maunganui', -37.637, 176.183, 1.25],
    ['Omanu', -37.658, 176.205, 1.1],
    ['Bayfair', -37.673, 176.222, 0.9],
    ['Arataki', -37.68, 176.232, 0.9],
    ['Matapihi', -37.67, 176.18, 0.85],
    ['Pāpāmoa Beach', -37.7, 176.28, 1.0],
  ],
  whakatane: [
    ['Whakatāne', -37.953, 176.991, 0.95],
    ['Awatapu', -37.953, 176.975, 0.9],
    ['Allandale', -37.962, 176.99, 0.85],
    ['Coastlands', -37.94, 176.96, 1.1],
    ['Piripai', -37.93, 176.955, 1.1],
    ['Ōhope', -37.97, 177.06, 1.25],
  ],
  'te-puke': [
    ['Te Puke', -37.783, 176.325, 0.95],
    ['Paengaroa', -37.82, 176.42, 1.05],
    ['Maketū', -37.755, 176.45, 1.1],
    ['Rangiuru', -37.79, 176.37, 1.05],
  ],
  katikati: [
    ['Katikati', -37.553, 175.917, 0.95],
    ['Aongatete', -37.62, 175.98, 1.1],
    ['Tanners Point', -37.49, 175.945, 1.15],
    ['Ongare Point', -37.47, 175.96, 1.05],
  ],
  kawerau: [
    ['Kawerau', -38.086, 176.699, 0.9],
    ['Onepu', -38.05, 176.74, 1.05],
    ['Te Teko', -38.035, 176.8, 0.95],
  ],
  opotiki: [
    ['Ōpōtiki', -38.009, 177.287, 0.95],
    ['Waiotahe', -37.99, 177.2, 1.15],
    ['Tirohanga', -37.99, 177.33, 1.0],
    ['Ōhiwa', -38.0, 177.15, 1.2],
  ],
  // Gisborne
  gisborne: [
    ['Kaiti', -38.668, 178.035, 0.85],
    ['Tamarau', -38.66, 178.045, 0.8],
    ['Whataupoko', -38.655, 178.02, 1.1],
    ['Mangapapa', -38.645, 178.005, 1.05],
    ['Te Hapara', -38.66, 177.995, 1.0],
    ['Riverdale', -38.648, 177.99, 1.05],
    ['Elgin', -38.67, 177.99, 0.85],
    ['Wainui', -38.69, 178.075, 1.3],
  ],
  // Hawke's Bay
  napier: [
    ['Ahuriri', -39.483, 176.904, 1.1],
    ['Bluff Hill', -39.483, 176.918, 1.25],
    ['Taradale', -39.535, 176.848, 1.05],
    ['Greenmeadows', -39.525, 176.865, 1.05],
    ['Marewa', -39.506, 176.895, 0.85],
    ['Onekawa', -39.508, 176.878, 0.85],
  ],
  hastings: [
    ['Akina', -39.645, 176.848, 0.85],
    ['Mahora', -39.625, 176.845, 1.05],
    ['Parkvale', -39.645, 176.86, 1.0],
    ['Frimley', -39.62, 176.825, 1.15],
    ['Flaxmere', -39.62, 176.795, 0.78],
    ['Camberley', -39.645, 176.82, 0.8],
    ['St Leonards', -39.65, 176.845, 1.0],
    ['Mayfair', -39.63, 176.86, 0.95],
  ],
  'havelock-north': [
    ['Havelock North', -39.67, 176.878, 1.0],
    ['Iona', -39.68, 176.885, 1.15],
    ['Te Mata', -39.68, 176.895, 1.2],
    ['Anderson Park', -39.665, 176.87, 0.9],
    ['Arataki', -39.66, 176.89, 0.95],
  ],
  waipukurau: [
    ['Waipukurau', -39.996, 176.557, 1.0],
    ['Waipawa', -39.94, 176.59, 0.9],
    ['Ōtāne', -39.89, 176.63, 1.1],
  ],
  wairoa: [
    ['Wairoa', -39.033, 177.367, 1.0],
    ['North Clyde', -39.025, 177.37, 0.9],
    ['Frasertown', -38.97, 177.4, 1.1],
  ],
  // Taranaki
  'new-plymouth': [
    ['Fitzroy', -39.047, 174.1, 1.1],
    ['Merrilands', -39.072, 174.11, 1.05],
    ['Westown', -39.072, 174.056, 0.9],
    ['Vogeltown', -39.074, 174.078, 1.0],
    ['Bell Block', -39.03, 174.14, 0.95],
    ['Strandon', -39.051, 174.09, 1.05],
  ],
  hawera: [
    ['Hāwera', -39.589, 174.283, 1.0],
    ['Normanby', -39.54, 174.27, 0.9],
    ['Ohawe', -39.59, 174.2, 1.2],
    ['Mokoia', -39.63, 174.35, 0.9],
  ],
  stratford: [
    ['Stratford', -39.338, 174.284, 1.0],
    ['Midhirst', -39.3, 174.27, 0.9],
    ['Ngaere', -39.38, 174.3, 0.9],
    ['Toko', -39.33, 174.4, 1.05],
  ],
  waitara: [
    ['Waitara', -38.998, 174.233, 0.95],
    ['Brixton', -39.02, 174.21, 1.0],
    ['Tikorangi', -39.02, 174.3, 1.15],
    ['Lepperton', -39.06, 174.2, 1.1],
    ['Motunui', -38.99, 174.3, 1.05],
  ],
  // Manawatū-Whanganui
  'palmerston-north': [
    ['Hokowhitu', -40.365, 175.63, 1.2],
    ['Terrace End', -40.346, 175.63, 0.9],
    ['Awapuni', -40.368, 175.585, 0.95],
    ['Kelvin Grove', -40.33, 175.65, 1.1],
    ['Takaro', -40.35, 175.59, 0.85],
    ['Milson', -40.331, 175.612, 0.95],
  ],
  whanganui: [
    ['Gonville', -39.94, 175.025, 0.85],
    ['Aramoho', -39.91, 175.06, 0.9],
    ['Springvale', -39.92, 175.03, 1.05],
    ['Castlecliff', -39.945, 174.995, 0.8],
    ['St Johns Hill', -39.915, 175.025, 1.25],
    ['Durie Hill', -39.935, 175.06, 1.1],
    ['Whanganui East', -39.925, 175.065, 0.95],
  ],
  levin: [
    ['Levin', -40.622, 175.287, 0.95],
    ['Ohau', -40.66, 175.25, 1.1],
    ['Waitārere Beach', -40.55, 175.2, 1.05],
    ['Hokio Beach', -40.59, 175.19, 0.9],
  ],
  feilding: [
    ['Feilding', -40.226, 175.565, 1.0],
    ['Bunnythorpe', -40.28, 175.63, 0.95],
    ['Cheltenham', -40.17, 175.65, 1.15],
    ['Halcombe', -40.15, 175.5, 0.9],
    ['Awahuri', -40.262, 175.512, 1.1],
  ],
  dannevirke: [
    ['Dannevirke', -40.208, 176.1, 0.92],
    ['Makirikiri', -40.225, 176.075, 1.05],
    ['Matamau', -40.15, 176.17, 1.1],
  ],
  marton: [
    ['Marton', -40.069, 175.378, 1.0],
    ['Bulls', -40.17, 175.38, 0.95],
    ['Turakina', -40.05, 175.23, 0.85],
  ],
  taumarunui: [
    ['Taumarunui', -38.883, 175.263, 1.0],
    ['Matapuna', -38.88, 175.24, 0.95],
    ['Manunui', -38.89, 175.32, 0.9],
    ['Piriaka', -38.93, 175.33, 1.05],
  ],
  taihape: [
    ['Taihape', -39.677, 175.797, 1.0],
    ['Utiku', -39.73, 175.84, 0.9],
    ['Mataroa', -39.63, 175.75, 1.05],
  ],
  ohakune: [
    ['Ohakune', -39.418, 175.399, 1.1],
    ['Rangataua', -39.43, 175.45, 0.95],
    ['Raetihi', -39.43, 175.28, 0.8],
    ['Horopito', -39.35, 175.37, 0.9],
  ],
  // Wellington
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
  'lower-hutt': [
    ['Petone', -41.227, 174.873, 1.1],
    ['Eastbourne', -41.292, 174.897, 1.35],
    ['Waiwhetū', -41.222, 174.92, 1.0],
    ['Woburn', -41.22, 174.91, 1.25],
    ['Naenae', -41.199, 174.948, 0.8],
    ['Stokes Valley', -41.177, 174.98, 0.85],
    ['Wainuiomata', -41.263, 174.945, 0.8],
  ],
  'upper-hutt': [
    ['Trentham', -41.135, 175.045, 0.95],
    ['Silverstream', -41.145, 175.01, 1.15],
    ['Heretaunga', -41.14, 175.03, 1.1],
    ['Pinehaven', -41.155, 175.005, 1.05],
    ['Ebdentown', -41.118, 175.07, 0.9],
    ['Totara Park', -41.11, 175.085, 0.88],
    ['Birchville', -41.09, 175.1, 0.95],
  ],
  porirua: [
    ['Titahi Bay', -41.106, 174.835, 0.95],
    ['Plimmerton', -41.085, 174.865, 1.25],
    ['Whitby', -41.115, 174.89, 1.2],
    ['Papakōwhai', -41.115, 174.87, 1.1],
    ['Aotea', -41.12, 174.86, 1.15],
    ['Ascot Park', -41.127, 174.855, 0.85],
    ['Cannons Creek', -41.14, 174.865, 0.75],
  ],
  paraparaumu: [
    ['Paraparaumu', -40.915, 175.01, 0.9],
    ['Paraparaumu Beach', -40.895, 174.985, 1.1],
    ['Kena Kena', -40.91, 174.99, 0.95],
    ['Raumati Beach', -40.93, 174.98, 1.1],
    ['Otaihanga', -40.885, 175.01, 1.2],
  ],
  waikanae: [
    ['Waikanae', -40.875, 175.067, 1.0],
    ['Waikanae Beach', -40.865, 175.03, 1.1],
    ['Peka Peka', -40.835, 175.04, 1.25],
    ['Nikau Valley', -40.875, 175.09, 1.15],
    ['Reikorangi', -40.9, 175.12, 1.05],
  ],
  masterton: [
    ['Lansdowne', -40.94, 175.655, 1.15],
    ['Solway', -40.975, 175.63, 0.95],
    ['Kuripuni', -40.96, 175.67, 0.9],
    ['Upper Plain', -40.935, 175.63, 1.1],
    ['Opaki', -40.9, 175.63, 1.2],
  ],
  carterton: [
    ['Carterton', -41.025, 175.528, 0.95],
    ['Clareville', -41.0, 175.55, 1.1],
    ['Dalefield', -41.04, 175.49, 1.15],
    ['Gladstone', -41.08, 175.65, 1.05],
  ],
  martinborough: [
    ['Martinborough', -41.218, 175.459, 1.05],
    ['Te Muna', -41.24, 175.5, 1.2],
    ['Kahutara', -41.25, 175.4, 1.0],
  ],
  // Nelson, Tasman and Marlborough
  nelson: [
    ['Stoke', -41.315, 173.23, 0.95],
    ['Tāhunanui', -41.285, 173.25, 1.05],
    ['The Wood', -41.265, 173.29, 1.1],
    ['Atawhai', -41.242, 173.31, 1.15],
    ['Bishopdale', -41.298, 173.258, 0.9],
    ['The Brook', -41.293, 173.293, 1.0],
  ],
  richmond: [
    ['Richmond', -41.339, 173.184, 1.0],
    ['Hope', -41.355, 173.15, 1.15],
    ['Brightwater', -41.38, 173.11, 0.95],
    ['Appleby', -41.32, 173.11, 1.1],
  ],
  motueka: [
    ['Motueka', -41.123, 173.011, 0.95],
    ['Riwaka', -41.08, 172.99, 1.05],
    ['Lower Moutere', -41.17, 173.02, 1.1],
    ['Kaiteriteri', -41.04, 173.02, 1.3],
  ],
  blenheim: [
    ['Springlands', -41.51, 173.935, 1.05],
    ['Witherlea', -41.535, 173.95, 1.05],
    ['Redwoodtown', -41.525, 173.955, 0.9],
    ['Mayfield', -41.505, 173.95, 0.9],
    ['Riversdale', -41.51, 173.975, 0.95],
    ['Grovetown', -41.48, 173.96, 1.1],
  ],
  picton: [
    ['Picton', -41.291, 174.001, 1.0],
    ['Waikawa', -41.27, 174.04, 1.1],
    ['Koromiko', -41.34, 173.98, 0.9],
  ],
  // West Coast
  greymouth: [
    ['Greymouth', -42.45, 171.208, 0.95],
    ['Blaketown', -42.452, 171.195, 0.85],
    ['Cobden', -42.44, 171.2, 0.85],
    ['Karoro', -42.47, 171.19, 1.1],
    ['Paroa', -42.5, 171.18, 1.15],
    ['Boddytown', -42.44, 171.23, 1.05],
  ],
  westport: [
    ['Westport', -41.755, 171.604, 0.95],
    ['Carters Beach', -41.76, 171.56, 1.15],
    ['Orowaiti', -41.76, 171.62, 0.9],
    ['Cape Foulwind', -41.74, 171.47, 1.1],
  ],
  hokitika: [
    ['Hokitika', -42.717, 170.967, 1.0],
    ['Kaniere', -42.74, 171.0, 0.95],
    ['Blue Spur', -42.73, 171.0, 1.05],
    ['Ruatapu', -42.8, 170.88, 0.85],
  ],
  // Canterbury
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
  rolleston: [
    ['Rolleston', -43.596, 172.383, 0.95],
    ['Faringdon', -43.61, 172.375, 1.05],
    ['Lincoln', -43.64, 172.48, 1.15],
    ['Burnham', -43.61, 172.3, 0.85],
    ['Templeton', -43.55, 172.47, 1.0],
  ],
  rangiora: [
    ['Rangiora', -43.304, 172.595, 0.95],
    ['Southbrook', -43.32, 172.6, 0.9],
    ['Fernside', -43.31, 172.55, 1.2],
    ['Ashley', -43.27, 172.6, 1.1],
    ['Waikuku', -43.29, 172.68, 0.95],
  ],
  kaiapoi: [
    ['Kaiapoi', -43.378, 172.657, 0.95],
    ['The Pines Beach', -43.385, 172.7, 0.9],
    ['Kairaki', -43.385, 172.705, 0.95],
    ['Clarkville', -43.4, 172.62, 1.2],
    ['Woodend', -43.32, 172.67, 1.0],
    ['Pegasus', -43.31, 172.69, 1.05],
  ],
  ashburton: [
    ['Ashburton', -43.903, 171.749, 0.95],
    ['Allenton', -43.885, 171.74, 1.1],
    ['Netherby', -43.895, 171.735, 0.9],
    ['Hampstead', -43.91, 171.755, 0.9],
    ['Tinwald', -43.925, 171.73, 1.05],
  ],
  timaru: [
    ['Highfield', -44.385, 171.235, 1.15],
    ['Gleniti', -44.385, 171.215, 1.25],
    ['Waimataitai', -44.385, 171.25, 1.0],
    ['Marchwiel', -44.375, 171.245, 0.95],
    ['Glenwood', -44.395, 171.23, 0.95],
    ['Parkside', -44.41, 171.24, 0.82],
  ],
  geraldine: [
    ['Geraldine', -44.092, 171.244, 1.05],
    ['Woodbury', -44.04, 171.2, 1.1],
    ['Orari', -44.13, 171.29, 0.9],
    ['Winchester', -44.19, 171.28, 0.9],
  ],
  kaikoura: [
    ['Kaikōura', -42.4, 173.681, 1.0],
    ['Ocean Ridge', -42.41, 173.66, 1.15],
    ['Hapuku', -42.33, 173.7, 1.0],
    ['Peketa', -42.45, 173.63, 0.9],
  ],
  'hanmer-springs': [
    ['Hanmer Springs', -42.523, 172.829, 1.0],
    ['Conical Hill', -42.515, 172.835, 1.1],
    ['Marble Point', -42.59, 172.78, 0.85],
  ],
  twizel: [
    ['Twizel', -44.258, 170.1, 1.0],
    ['Lake Ruataniwha', -44.29, 170.08, 1.15],
    ['Ben Ohau', -44.25, 170.02, 1.1],
    ['Lake Pūkaki', -44.19, 170.15, 0.95],
  ],
  // Otago
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
  mosgiel: [
    ['Mosgiel', -45.875, 170.349, 1.0],
    ['Wingatui', -45.87, 170.38, 1.1],
    ['Fairfield', -45.88, 170.4, 1.05],
    ['Outram', -45.86, 170.23, 0.95],
    ['Brighton', -45.94, 170.33, 1.1],
  ],
  queenstown: [
    ['Frankton', -45.02, 168.735, 0.9],
    ['Fernhill', -45.037, 168.638, 1.0],
    ['Kelvin Heights', -45.05, 168.695, 1.2],
    ['Arthurs Point', -44.99, 168.67, 1.05],
    ['Jacks Point', -45.073, 168.742, 1.1],
    ['Sunshine Bay', -45.043, 168.624, 1.05],
  ],
  wanaka: [
    ['Wānaka', -44.698, 169.136, 1.1],
    ['Beacon Point', -44.68, 169.14, 1.2],
    ['Peninsula Bay', -44.685, 169.15, 1.25],
    ['Albert Town', -44.68, 169.19, 0.9],
    ['Luggate', -44.73, 169.28, 0.8],
  ],
  oamaru: [
    ['Oamaru', -45.098, 170.97, 0.95],
    ['Weston', -45.09, 170.93, 1.05],
    ['Alma', -45.13, 170.96, 0.95],
    ['Pukeuri', -45.03, 171.02, 0.85],
    ['Kakanui', -45.19, 170.9, 1.15],
  ],
  cromwell: [
    ['Cromwell', -45.045, 169.196, 0.95],
    ['Bannockburn', -45.08, 169.16, 1.2],
    ['Pisa Moorings', -44.97, 169.17, 1.05],
    ['Lowburn', -45.0, 169.22, 1.1],
    ['Ripponvale', -45.02, 169.15, 1.1],
  ],
  alexandra: [
    ['Alexandra', -45.249, 169.38, 0.95],
    ['Bridge Hill', -45.25, 169.39, 1.05],
    ['Earnscleugh', -45.22, 169.33, 1.15],
    ['Clyde', -45.19, 169.32, 1.1],
  ],
  balclutha: [
    ['Balclutha', -46.236, 169.741, 1.0],
    ['Stirling', -46.25, 169.78, 0.95],
    ['Benhar', -46.21, 169.8, 0.85],
    ['Kaitangata', -46.28, 169.85, 0.8],
  ],
  // Southland
  invercargill: [
    ['Waikiwi', -46.388, 168.351, 1.0],
    ['Richmond', -46.404, 168.373, 0.95],
    ['Glengarry', -46.395, 168.386, 0.85],
    ['Windsor', -46.397, 168.361, 1.1],
    ['Georgetown', -46.423, 168.371, 0.9],
    ['Gladstone', -46.39, 168.355, 1.15],
  ],
  gore: [
    ['Gore', -46.099, 168.944, 1.0],
    ['Mataura', -46.19, 168.86, 0.8],
    ['Waimumu', -46.14, 169.0, 1.05],
  ],
  bluff: [
    ['Bluff', -46.599, 168.332, 1.0],
    ['Ocean Beach', -46.591, 168.309, 0.9],
    ['Greenhills', -46.57, 168.3, 1.1],
    ['Omaui', -46.52, 168.26, 1.15],
  ],
  'te-anau': [
    ['Te Anau', -45.414, 167.718, 1.05],
    ['Upukerora', -45.395, 167.73, 1.1],
    ['Rainbow Reach', -45.49, 167.66, 0.9],
  ],
};

/** The ids of the towns with demo suburbs (every location of `nzLocations`; the tests check it). */
export const townsWithSuburbs: readonly string[] = Object.keys(suburbTable);

/** The demo suburbs of a location: real suburbs and localities of the town, never made-up names. */
export function suburbsOf(location: Pick<Location, 'id'>): readonly DemoSuburb[] {
  const named = suburbTable[location.id];
  if (!named) throw new Error(`No demo suburbs for location ${location.id}.`);
  return named.map(([name, latitude, longitude, priceFactor]) => ({ name, latitude, longitude, priceFactor }));
}

/** Every location with its market, in the order of `nzLocations`. */
export const demoMarkets: readonly { location: Location; market: CityMarket }[] = nzLocations.map((location) => ({ location, market: marketOf(location) }));
