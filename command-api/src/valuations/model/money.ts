const nzd = new Intl.NumberFormat('en-NZ', { style: 'currency', currency: 'NZD', maximumFractionDigits: 0, minimumFractionDigits: 0 });

/** NZD in en-NZ style with no decimals (consumer spec §9): `$1,295,000`, `-$40,000`. */
export const formatNzd = (amount: number): string => nzd.format(Math.round(amount) === 0 ? 0 : amount);

/** An adjustment with its sign always shown: `+$40,000`, `-$12,000`, `+$0`. */
export const formatSignedNzd = (amount: number): string => (amount >= 0 || Math.round(amount) === 0 ? `+${formatNzd(Math.abs(amount))}` : `-${formatNzd(-amount)}`);

const numberFormats = new Map<number, Intl.NumberFormat>();

/** A plain number with thousands separators and at most `digits` decimals (one formatter per `digits`, reused: building one costs more than formatting). */
export const formatNumber = (value: number, digits = 0): string => {
  let format = numberFormats.get(digits);
  if (!format) numberFormats.set(digits, (format = new Intl.NumberFormat('en-NZ', { maximumFractionDigits: digits, minimumFractionDigits: 0 })));
  return format.format(value);
};

/** A fraction as a signed percentage with one decimal: 0.0625 → `+6.3 %`. */
export const formatSignedPercent = (fraction: number): string => {
  const pct = Math.round(fraction * 1000) / 10;
  return `${pct >= 0 ? '+' : '-'}${formatNumber(Math.abs(pct), 1)} %`;
};

/** Rounds to the nearest $1,000 (halves away from zero, so +/− are symmetric), never `-0`. */
export const roundToThousand = (amount: number): number => {
  const r = Math.sign(amount) * Math.round(Math.abs(amount) / 1000) * 1000;
  return r === 0 ? 0 : r;
};
