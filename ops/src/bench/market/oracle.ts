import type { BenchSale } from './bench-market';

/**
 * The oracle: it knows every home's true value on the sale date (the generator's hidden figure)
 * and says exactly that. Its error against the sale price is only the sale's own noise — what no
 * valuer can foresee — so its median absolute error is the floor every valuer is measured against.
 */
export const oracleEstimate = (sale: BenchSale): number => sale.trueValue;

/**
 * A reference beside the floor: a valuer that knows every rule of the generator and every hidden
 * figure (suburb and street level, true condition, the town's index on the day) except the home's
 * own factor, and ignores the RV. The gap between it and the oracle is what no attribute-based
 * valuer can close; only the RV (assessed with its own 10 % error) says anything about that factor.
 */
export const knowsAllButTheHomeEstimate = (sale: BenchSale): number => sale.trueValue / sale.home.hidden.idiosyncratic;
