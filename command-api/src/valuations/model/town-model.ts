import { propertyTypeOf, propertyTypes, type PropertyType } from '@kainga/contracts';
import { normalisePlace } from './comparables';
import { streetOf } from './street';

/**
 * What a town's recent sales say a suburb, a kind of home and a size are worth: a hedonic
 * regression, the way valuers' mass-appraisal models are built, fitted once per town and day.
 *
 *   ln(price brought to today) = a + s[suburb] + t[street] + k[type] + β_F·ln F + β_L·ln L + β_0·[no land]
 *
 * over the town's sales with a floor area and a known land area (0 = no land of its own, an
 * apartment), each weighted by recency (the caller's weights). The suburb and type effects are
 * shrunk towards the town (ridge, `SUBURB_PRIOR_SALES`): a suburb with a handful of sales says
 * little about its level. A street's effect (streets with two or more sales) is its difference from
 * its suburb, shrunk the same way: within a suburb some streets sell well above the rest, which a
 * valuer reads from the street's own sales. It replaces fixed size rules with the town's own: a comparable from the
 * next suburb, or a townhouse compared with a house, is adjusted by what the town's sales say the
 * difference is, not by a rule of thumb.
 */
export type TownModel = {
  intercept: number;
  floorElasticity: number;
  landElasticity: number;
  /** Effect of owning no land (an apartment), beside the type's own. */
  noLand: number;
  /** By normalised suburb name; a suburb not listed is the town's average (0). */
  suburbs: Record<string, number>;
  /** By `streetKey`, beside its suburb's; a street not listed is its suburb's level (0). */
  streets: Record<string, number>;
  types: Record<PropertyType, number>;
  /** Mean ln F and ln L the elasticities are centred on. */
  centre: { lnFloor: number; lnLand: number };
  /** Weighted residual standard deviation (ln): how far a single sale strays from the model. */
  residualSd: number;
  /** Sales it was fitted on. */
  salesCount: number;
};

/** Fewest usable sales for a town model (fewer: null, and the fixed size rules apply). */
export const TOWN_MODEL_MIN_SALES = 40;
/** Ridge weight of a suburb or type effect, in sales: an effect from n sales is shrunk by n / (n + 8). */
export const SUBURB_PRIOR_SALES = 8;

export type TownModelSale = { price: number; address?: string; suburb: string; propertyType?: PropertyType | null | undefined; floorArea: number | null; landArea: number | null };

/** A street within its suburb ("kelburn|upland road"); null without an address with a street number. */
export const streetKey = (home: Pick<TownModelSale, 'address' | 'suburb'>): string | null => {
  const street = home.address === undefined ? null : streetOf(home.address);
  return street === null ? null : `${normalisePlace(home.suburb)}|${street}`;
};

const lnLandOf = (land: number) => (land > 0 ? Math.log(land) : 0);

/** Solves A x = b (A symmetric positive definite, small) by Gaussian elimination with partial pivoting. */
function solve(a: number[][], b: number[]): number[] | null {
  const n = b.length;
  const m = a.map((row, i) => [...row, b[i]!]);
  for (let col = 0; col < n; col++) {
    let pivot = col;
    for (let r = col + 1; r < n; r++) if (Math.abs(m[r]![col]!) > Math.abs(m[pivot]![col]!)) pivot = r;
    if (Math.abs(m[pivot]![col]!) < 1e-12) return null;
    [m[col], m[pivot]] = [m[pivot]!, m[col]!];
    for (let r = 0; r < n; r++) {
      if (r === col) continue;
      const f = m[r]![col]! / m[col]![col]!;
      if (f === 0) continue;
      for (let c = col; c <= n; c++) m[r]![c]! -= f * m[col]![c]!;
    }
  }
  return m.map((row, i) => row[n]! / row[i]!);
}

/**
 * Fits the town model on `sales` (prices already brought to today by the caller) with `weights`
 * (recency). Null below `TOWN_MODEL_MIN_SALES` usable sales or when the fit is degenerate.
 */
export function fitTownModel(sales: readonly TownModelSale[], weights: readonly number[]): TownModel | null {
  const usable = sales.flatMap((s, i) =>
    s.price > 0 && s.floorArea !== null && s.floorArea > 0 && s.landArea !== null && s.landArea >= 0 ? [{ s, w: weights[i] ?? 1 }] : [],
  );
  if (usable.length < TOWN_MODEL_MIN_SALES) return null;
  const suburbNames = [...new Set(usable.map(({ s }) => normalisePlace(s.suburb)).filter((n) => n !== ''))].sort();
  const W = usable.reduce((sum, u) => sum + u.w, 0);
  const centre = {
    lnFloor: usable.reduce((sum, u) => sum + u.w * Math.log(u.s.floorArea!), 0) / W,
    lnLand: (() => {
      const withLand = usable.filter((u) => u.s.landArea! > 0);
      const w = withLand.reduce((sum, u) => sum + u.w, 0);
      return w > 0 ? withLand.reduce((sum, u) => sum + u.w * Math.log(u.s.landArea!), 0) / w : 0;
    })(),
  };
  // Streets seen in two or more sales (a lone sale's street cannot be told from its own noise).
  const keys = usable.map(({ s }) => streetKey(s));
  const streetCounts = new Map<string, number>();
  for (const key of keys) if (key !== null) streetCounts.set(key, (streetCounts.get(key) ?? 0) + 1);
  const streetNames = [...streetCounts].filter(([, n]) => n >= 2).map(([key]) => key).sort();
  // Columns: intercept, ln F, ln L (0 without land), no land, each type but house, each suburb, each street.
  const otherTypes = propertyTypes.filter((t) => t !== 'house');
  const p = 4 + otherTypes.length + suburbNames.length + streetNames.length;
  const suburbColumn = new Map(suburbNames.map((n, i) => [n, 4 + otherTypes.length + i]));
  const streetColumn = new Map(streetNames.map((n, i) => [n, 4 + otherTypes.length + suburbNames.length + i]));
  const row = (s: TownModelSale, key: string | null): number[] => {
    const x = new Array<number>(p).fill(0);
    x[0] = 1;
    x[1] = Math.log(s.floorArea!) - centre.lnFloor;
    x[2] = s.landArea! > 0 ? lnLandOf(s.landArea!) - centre.lnLand : 0;
    x[3] = s.landArea! > 0 ? 0 : 1;
    const type = propertyTypeOf(s);
    if (type !== 'house') x[4 + otherTypes.indexOf(type)] = 1;
    const col = suburbColumn.get(normalisePlace(s.suburb));
    if (col !== undefined) x[col] = 1;
    const streetCol = key === null ? undefined : streetColumn.get(key);
    if (streetCol !== undefined) x[streetCol] = 1;
    return x;
  };
  const a = Array.from({ length: p }, () => new Array<number>(p).fill(0));
  const b = new Array<number>(p).fill(0);
  const rows = usable.map(({ s, w }, i) => ({ x: row(s, keys[i]!), y: Math.log(s.price), w }));
  for (const { x, y, w } of rows) {
    for (let i = 0; i < p; i++) {
      if (x[i] === 0) continue;
      b[i]! += w * x[i]! * y;
      for (let j = 0; j < p; j++) if (x[j] !== 0) a[i]![j]! += w * x[i]! * x[j]!;
    }
  }
  // Ridge on the effects (never on the intercept or the elasticities), in units of the mean weight:
  // an effect seen in n sales is shrunk as if SUBURB_PRIOR_SALES more sales sat at the town's level.
  const ridge = SUBURB_PRIOR_SALES * (W / usable.length);
  for (let i = 3; i < p; i++) a[i]![i]! += ridge;
  const beta = solve(a, b);
  if (!beta || beta.some((v) => !Number.isFinite(v))) return null;
  const residuals = rows.map(({ x, y, w }) => ({ r: y - x.reduce((sum, xi, i) => sum + xi * beta[i]!, 0), w }));
  const residualSd = Math.sqrt(residuals.reduce((sum, { r, w }) => sum + w * r * r, 0) / W);
  return {
    intercept: beta[0]!,
    floorElasticity: beta[1]!,
    landElasticity: beta[2]!,
    noLand: beta[3]!,
    types: Object.fromEntries(propertyTypes.map((t) => [t, t === 'house' ? 0 : beta[4 + otherTypes.indexOf(t)]!])) as Record<PropertyType, number>,
    suburbs: Object.fromEntries(suburbNames.map((n) => [n, beta[suburbColumn.get(n)!]!])),
    streets: Object.fromEntries(streetNames.map((n) => [n, beta[streetColumn.get(n)!]!])),
    centre,
    residualSd,
    salesCount: usable.length,
  };
}

/**
 * ln of the model's price today for a home (its suburb, street, type, floor and land area); null without
 * a floor area or a known land area. A suburb the model has not seen is the town's average.
 */
export function townModelLogPrice(model: TownModel, home: Omit<TownModelSale, 'price'>): number | null {
  if (home.floorArea === null || !(home.floorArea > 0) || home.landArea === null || !(home.landArea >= 0)) return null;
  const hasLand = home.landArea > 0;
  return (
    model.intercept +
    model.floorElasticity * (Math.log(home.floorArea) - model.centre.lnFloor) +
    (hasLand ? model.landElasticity * (lnLandOf(home.landArea) - model.centre.lnLand) : model.noLand) +
    model.types[propertyTypeOf(home)] +
    (model.suburbs[normalisePlace(home.suburb)] ?? 0) +
    (model.streets[streetKey(home) ?? ''] ?? 0)
  );
}
