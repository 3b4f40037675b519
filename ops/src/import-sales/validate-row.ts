import { DEFAULT_PROPERTY_TYPE, findLocation, isInNz, normalizePlaceName, nzLocations, parsePropertyType, propertyTypes, type SaleData } from '@kainga/contracts';

/** The columns of a sales file, in the documented order (README.md beside this file). */
export const requiredColumns = ['address', 'suburb', 'city', 'sale_date', 'price', 'bedrooms', 'bathrooms', 'floor_area', 'land_area'] as const;
/** May be left out of the header, or left empty in a row. */
export const optionalColumns = ['rateable_value', 'latitude', 'longitude', 'property_type'] as const;
export const saleColumns = [...requiredColumns, ...optionalColumns] as const;
export type SaleColumn = (typeof saleColumns)[number];

/** A row by column name; a column missing from the file reads as ''. */
export type SaleRow = Record<SaleColumn, string>;

/** What a valid row says about the sale; the importer adds `demo` and `source`. */
export type ValidSale = Omit<SaleData, 'saleId' | 'demo' | 'source'>;

export type RowResult = { ok: true; sale: ValidSale } | { ok: false; problems: string[] };

/** Bounds beyond which a value is taken for a typing mistake rather than a sale. */
export const limits = {
  minPrice: 10_000,
  maxPrice: 100_000_000,
  minRateableValue: 1_000,
  maxRateableValue: 100_000_000,
  maxFloorArea: 5_000,
  /** 100 ha: lifestyle blocks yes, farms no. */
  maxLandArea: 1_000_000,
  maxRooms: 20,
  earliestSaleDate: '1900-01-01',
} as const;

const money = (n: number) => `$${Math.round(n).toLocaleString('en-NZ')}`;

/** '$1,250,000' → 1250000; '' → null; anything else that is not a plain number → NaN. */
function parseAmount(text: string, { money: isMoney }: { money: boolean }): number | null {
  let t = text.trim().replace(/\s+/g, '');
  if (t === '') return null;
  if (isMoney) t = t.replace(/^(-?)(?:NZ)?\$/i, '$1');
  t = t.replace(/,(?=\d{3}(\D|$))/g, '');
  return /^-?(\d+(\.\d*)?|\.\d+)$/.test(t) ? Number(t) : NaN;
}

/** A real calendar date in the form YYYY-MM-DD. */
function checkDate(text: string, today: string): string | { problem: string } {
  const t = text.trim();
  if (t === '') return { problem: 'sale_date is empty' };
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(t);
  if (!m) return { problem: `sale_date "${t}" is not a date in the form YYYY-MM-DD` };
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== mo - 1 || date.getUTCDate() !== d) return { problem: `sale_date ${t} is not a real date` };
  if (t > today) return { problem: `sale_date ${t} is in the future` };
  if (t < limits.earliestSaleDate) return { problem: `sale_date ${t} is before ${limits.earliestSaleDate.slice(0, 4)}` };
  return t;
}

function levenshtein(a: string, b: string): number {
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const cur = [i];
    for (let j = 1; j <= b.length; j++) cur[j] = Math.min(prev[j]! + 1, cur[j - 1]! + 1, prev[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    prev = cur;
  }
  return prev[b.length]!;
}

/** The closest location name to a misspelt one, if it is close (at most 2 edits). */
export function suggestCity(text: string): string | undefined {
  const n = normalizePlaceName(text);
  let best: { name: string; d: number } | undefined;
  for (const l of nzLocations) {
    const d = levenshtein(n, normalizePlaceName(l.cityName));
    if (d <= 2 && (!best || d < best.d)) best = { name: l.cityName, d };
  }
  return best?.name;
}

/**
 * Checks one row of a sales file and turns it into a sale. Every problem of the row is named,
 * each in a sentence a person can act on. `now` decides what "in the future" means (UTC date).
 */
export function validateRow(row: SaleRow, now: Date = new Date()): RowResult {
  const problems: string[] = [];
  const today = now.toISOString().slice(0, 10);

  const address = row.address.trim().replace(/\s+/g, ' ');
  if (!address) problems.push('address is empty');
  const suburb = row.suburb.trim().replace(/\s+/g, ' ');

  const cityText = row.city.trim();
  const location = cityText ? findLocation(cityText) : undefined;
  if (!cityText) problems.push('city is empty');
  else if (!location) {
    const suggestion = suggestCity(cityText);
    problems.push(`city "${cityText}" is not one of the ${nzLocations.length} Kāinga locations${suggestion ? ` (did you mean ${suggestion}?)` : ''}`);
  }

  const date = checkDate(row.sale_date, today);
  if (typeof date !== 'string') problems.push(date.problem);

  const price = parseAmount(row.price, { money: true });
  if (price === null) problems.push('price is empty');
  else if (Number.isNaN(price)) problems.push(`price "${row.price.trim()}" is not a number`);
  else if (price <= 0) problems.push(`price ${row.price.trim()} is not a positive amount`);
  else if (price < limits.minPrice) problems.push(`price ${money(price)} is below ${money(limits.minPrice)} (whole dollars expected, not thousands)`);
  else if (price > limits.maxPrice) problems.push(`price ${money(price)} is above ${money(limits.maxPrice)}`);

  const rooms = (column: 'bedrooms' | 'bathrooms'): number | null => {
    const text = row[column].trim();
    const n = parseAmount(text, { money: false });
    if (n === null) problems.push(`${column} is empty`);
    else if (!Number.isInteger(n) || n < 0 || n > limits.maxRooms) problems.push(`${column} "${text}" is not a whole number from 0 to ${limits.maxRooms}`);
    else return n;
    return null;
  };
  const bedrooms = rooms('bedrooms');
  const bathrooms = rooms('bathrooms');

  const area = (column: 'floor_area' | 'land_area', max: number): number | null => {
    const text = row[column].trim();
    const n = parseAmount(text.replace(/\s*(m²|m2|sqm)$/i, ''), { money: false });
    if (n === null) problems.push(`${column} is empty (write 0 when there is none)`);
    else if (Number.isNaN(n)) problems.push(`${column} "${text}" is not a number of square metres`);
    else if (n < 0) problems.push(`${column} ${text} is negative`);
    else if (n > max) problems.push(`${column} ${n.toLocaleString('en-NZ')} m² is more than ${max.toLocaleString('en-NZ')} m²`);
    else return n;
    return null;
  };
  const floorArea = area('floor_area', limits.maxFloorArea);
  const landArea = area('land_area', limits.maxLandArea);

  // Empty or left out: a house, as the form's default (older files have no such column).
  const typeText = row.property_type.trim();
  const propertyType = typeText === '' ? DEFAULT_PROPERTY_TYPE : parsePropertyType(typeText);
  if (propertyType === null) problems.push(`property_type "${typeText}" is not one of ${propertyTypes.join(', ')} (or empty for a house)`);

  const rv = parseAmount(row.rateable_value, { money: true });
  if (rv !== null) {
    if (Number.isNaN(rv)) problems.push(`rateable_value "${row.rateable_value.trim()}" is not a number`);
    else if (rv < limits.minRateableValue) problems.push(`rateable_value ${money(rv)} is below ${money(limits.minRateableValue)}`);
    else if (rv > limits.maxRateableValue) problems.push(`rateable_value ${money(rv)} is above ${money(limits.maxRateableValue)}`);
  }

  const latitude = parseAmount(row.latitude, { money: false });
  const longitude = parseAmount(row.longitude, { money: false });
  let coordinates: { latitude: number; longitude: number } | null = null;
  if (latitude !== null || longitude !== null) {
    if (latitude === null) problems.push('latitude is empty while longitude is given (give both or neither)');
    else if (longitude === null) problems.push('longitude is empty while latitude is given (give both or neither)');
    else if (Number.isNaN(latitude)) problems.push(`latitude "${row.latitude.trim()}" is not a number`);
    else if (Number.isNaN(longitude)) problems.push(`longitude "${row.longitude.trim()}" is not a number`);
    else if (!isInNz(latitude, longitude)) problems.push(`latitude/longitude ${latitude}, ${longitude} is outside New Zealand`);
    else coordinates = { latitude, longitude };
  }

  if (problems.length > 0) return { ok: false, problems };
  return {
    ok: true,
    sale: {
      address,
      suburb,
      city: location!.cityName,
      saleDate: date as string,
      price: price!,
      bedrooms,
      bathrooms,
      floorArea,
      landArea,
      propertyType: propertyType!,
      rateableValue: rv,
      latitude: coordinates?.latitude ?? null,
      longitude: coordinates?.longitude ?? null,
    },
  };
}
