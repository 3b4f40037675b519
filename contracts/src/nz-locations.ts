import type { Location } from './location';

/** One row of the table below: city name, region, latitude, longitude (town centre, WGS84). */
type Row = readonly [cityName: string, region: NzRegion, latitude: number, longitude: number];

/** The sixteen regions of New Zealand, with their official spelling (macrons included). */
export const nzRegions = [
  'Northland',
  'Auckland',
  'Waikato',
  'Bay of Plenty',
  'Gisborne',
  "Hawke's Bay",
  'Taranaki',
  'Manawatū-Whanganui',
  'Wellington',
  'Tasman',
  'Nelson',
  'Marlborough',
  'West Coast',
  'Canterbury',
  'Otago',
  'Southland',
] as const;
export type NzRegion = (typeof nzRegions)[number];

/**
 * The wizard's fixed list of towns and cities (consumer spec §2, step 1: "about 90 New Zealand
 * towns and cities (Auckland to Te Anau)"). Auckland comes first, then the rest region by region
 * from north to south, largest first within a region, ending with Te Anau. Coordinates are the
 * town centres to 4 decimals (≈ 10 m).
 */
const rows: readonly Row[] = [
  // Auckland
  ['Auckland', 'Auckland', -36.8485, 174.7633],
  ['Orewa', 'Auckland', -36.5866, 174.6940],
  ['Pukekohe', 'Auckland', -37.2004, 174.9010],
  ['Warkworth', 'Auckland', -36.3983, 174.6617],
  ['Waiheke Island', 'Auckland', -36.7854, 175.0087],
  // Northland
  ['Whangārei', 'Northland', -35.7251, 174.3237],
  ['Kerikeri', 'Northland', -35.2268, 173.9474],
  ['Kaitaia', 'Northland', -35.1128, 173.2628],
  ['Dargaville', 'Northland', -35.9410, 173.8700],
  ['Paihia', 'Northland', -35.2817, 174.0908],
  // Waikato
  ['Hamilton', 'Waikato', -37.7870, 175.2793],
  ['Taupō', 'Waikato', -38.6857, 176.0702],
  ['Cambridge', 'Waikato', -37.8849, 175.4697],
  ['Te Awamutu', 'Waikato', -38.0076, 175.3250],
  ['Tokoroa', 'Waikato', -38.2167, 175.8667],
  ['Matamata', 'Waikato', -37.8105, 175.7729],
  ['Morrinsville', 'Waikato', -37.6566, 175.5286],
  ['Huntly', 'Waikato', -37.5583, 175.1583],
  ['Thames', 'Waikato', -37.1386, 175.5405],
  ['Whitianga', 'Waikato', -36.8331, 175.6997],
  ['Waihi', 'Waikato', -37.3908, 175.8406],
  ['Paeroa', 'Waikato', -37.3797, 175.6711],
  ['Te Kūiti', 'Waikato', -38.3333, 175.1667],
  ['Raglan', 'Waikato', -37.8006, 174.8706],
  // Bay of Plenty
  ['Tauranga', 'Bay of Plenty', -37.6878, 176.1651],
  ['Rotorua', 'Bay of Plenty', -38.1368, 176.2497],
  ['Mount Maunganui', 'Bay of Plenty', -37.6384, 176.1852],
  ['Whakatāne', 'Bay of Plenty', -37.9533, 176.9906],
  ['Te Puke', 'Bay of Plenty', -37.7833, 176.3250],
  ['Katikati', 'Bay of Plenty', -37.5525, 175.9170],
  ['Kawerau', 'Bay of Plenty', -38.0858, 176.6994],
  ['Ōpōtiki', 'Bay of Plenty', -38.0092, 177.2872],
  // Gisborne
  ['Gisborne', 'Gisborne', -38.6623, 178.0176],
  // Hawke's Bay
  ['Napier', "Hawke's Bay", -39.4928, 176.9120],
  ['Hastings', "Hawke's Bay", -39.6381, 176.8492],
  ['Havelock North', "Hawke's Bay", -39.6700, 176.8780],
  ['Waipukurau', "Hawke's Bay", -39.9958, 176.5567],
  ['Wairoa', "Hawke's Bay", -39.0333, 177.3667],
  // Taranaki
  ['New Plymouth', 'Taranaki', -39.0556, 174.0752],
  ['Hāwera', 'Taranaki', -39.5894, 174.2831],
  ['Stratford', 'Taranaki', -39.3375, 174.2842],
  ['Waitara', 'Taranaki', -38.9983, 174.2333],
  // Manawatū-Whanganui
  ['Palmerston North', 'Manawatū-Whanganui', -40.3523, 175.6082],
  ['Whanganui', 'Manawatū-Whanganui', -39.9301, 175.0479],
  ['Levin', 'Manawatū-Whanganui', -40.6218, 175.2867],
  ['Feilding', 'Manawatū-Whanganui', -40.2258, 175.5653],
  ['Dannevirke', 'Manawatū-Whanganui', -40.2075, 176.1000],
  ['Marton', 'Manawatū-Whanganui', -40.0693, 175.3783],
  ['Taumarunui', 'Manawatū-Whanganui', -38.8833, 175.2633],
  ['Taihape', 'Manawatū-Whanganui', -39.6767, 175.7967],
  ['Ohakune', 'Manawatū-Whanganui', -39.4181, 175.3994],
  // Wellington
  ['Wellington', 'Wellington', -41.2865, 174.7762],
  ['Lower Hutt', 'Wellington', -41.2092, 174.9081],
  ['Upper Hutt', 'Wellington', -41.1244, 175.0708],
  ['Porirua', 'Wellington', -41.1335, 174.8400],
  ['Paraparaumu', 'Wellington', -40.9147, 175.0070],
  ['Waikanae', 'Wellington', -40.8750, 175.0667],
  ['Masterton', 'Wellington', -40.9597, 175.6575],
  ['Carterton', 'Wellington', -41.0250, 175.5275],
  ['Martinborough', 'Wellington', -41.2183, 175.4592],
  // Nelson and Tasman
  ['Nelson', 'Nelson', -41.2706, 173.2840],
  ['Richmond', 'Tasman', -41.3394, 173.1842],
  ['Motueka', 'Tasman', -41.1228, 173.0114],
  // Marlborough
  ['Blenheim', 'Marlborough', -41.5134, 173.9612],
  ['Picton', 'Marlborough', -41.2906, 174.0011],
  // West Coast
  ['Greymouth', 'West Coast', -42.4499, 171.2077],
  ['Westport', 'West Coast', -41.7545, 171.6037],
  ['Hokitika', 'West Coast', -42.7167, 170.9667],
  // Canterbury
  ['Christchurch', 'Canterbury', -43.5321, 172.6362],
  ['Rolleston', 'Canterbury', -43.5957, 172.3825],
  ['Rangiora', 'Canterbury', -43.3036, 172.5953],
  ['Kaiapoi', 'Canterbury', -43.3776, 172.6566],
  ['Ashburton', 'Canterbury', -43.9033, 171.7486],
  ['Timaru', 'Canterbury', -44.3967, 171.2536],
  ['Geraldine', 'Canterbury', -44.0922, 171.2442],
  ['Kaikōura', 'Canterbury', -42.4003, 173.6814],
  ['Hanmer Springs', 'Canterbury', -42.5231, 172.8289],
  ['Twizel', 'Canterbury', -44.2583, 170.0997],
  // Otago
  ['Dunedin', 'Otago', -45.8788, 170.5028],
  ['Mosgiel', 'Otago', -45.8750, 170.3486],
  ['Queenstown', 'Otago', -45.0312, 168.6626],
  ['Wānaka', 'Otago', -44.6978, 169.1361],
  ['Oamaru', 'Otago', -45.0975, 170.9704],
  ['Cromwell', 'Otago', -45.0448, 169.1963],
  ['Alexandra', 'Otago', -45.2489, 169.3797],
  ['Balclutha', 'Otago', -46.2356, 169.7406],
  // Southland
  ['Invercargill', 'Southland', -46.4132, 168.3538],
  ['Gore', 'Southland', -46.0988, 168.9440],
  ['Bluff', 'Southland', -46.5994, 168.3322],
  ['Te Anau', 'Southland', -45.4144, 167.7180],
];

/**
 * Lower case, trimmed, single spaces, macrons and every other combining mark removed:
 * 'Whangārei' → 'whangarei'. How places are compared everywhere: the sales read model's town key
 * and the valuation model's matching use it too.
 */
export function normalizePlaceName(name: string): string {
  return name.normalize('NFD').replace(/\p{M}/gu, '').trim().toLowerCase().replace(/\s+/g, ' ');
}

/** A stable id from the name: 'Te Kūiti' → 'te-kuiti'. */
const slugOf = (name: string) =>
  normalizePlaceName(name)
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

export const nzLocations: readonly Location[] = Object.freeze(
  rows.map(([cityName, region, latitude, longitude]) => Object.freeze({ id: slugOf(cityName), cityName, region, latitude, longitude })),
);

/** Other names people use for a town in the list (old spellings, short forms), by id. */
const aliases: Record<string, readonly string[]> = {
  whanganui: ['Wanganui'],
  'mount-maunganui': ['Mt Maunganui', 'Mt. Maunganui'],
  'waiheke-island': ['Waiheke'],
  'lower-hutt': ['Hutt City'],
};

const byKey = new Map<string, Location>();
for (const location of nzLocations) {
  byKey.set(normalizePlaceName(location.cityName), location);
  byKey.set(location.id, location);
  for (const alias of aliases[location.id] ?? []) byKey.set(normalizePlaceName(alias), location);
}

/**
 * The location of a city name as a person types it: case-insensitive, trimmed, with or without
 * macrons ('Whangarei' finds 'Whangārei'); the id ('te-anau') and a few common other names
 * ('Wanganui', 'Mt Maunganui', 'Waiheke', 'Hutt City') are accepted too.
 */
export function findLocation(cityName: string): Location | undefined {
  return byKey.get(normalizePlaceName(cityName));
}

const byId = new Map(nzLocations.map((l) => [l.id, l]));

/** A location by its id (as GET /api/locations answers them), or undefined. */
export function locationById(id: string): Location | undefined {
  return byId.get(id);
}

/** New Zealand's main islands (with Stewart Island), as a box for checking coordinates. */
export const nzBounds = { minLatitude: -47.5, maxLatitude: -34, minLongitude: 166, maxLongitude: 179 } as const;

/** Whether a point lies inside New Zealand's bounding box. */
export function isInNz(latitude: number, longitude: number): boolean {
  return latitude >= nzBounds.minLatitude && latitude <= nzBounds.maxLatitude && longitude >= nzBounds.minLongitude && longitude <= nzBounds.maxLongitude;
}
