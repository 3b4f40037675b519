/** Display helpers of the calculators (NZD itself comes from format/format.ts). */

/** A percentage with two decimals, e.g. "4.55%", "-13.27%"; '—' when there is none. */
export function formatPercent(value: number | null | undefined, digits = 2): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return '—';
  const fixed = value.toFixed(digits);
  // -0.00 reads as 0.00
  return `${/^-0\.?0*$/.test(fixed) ? fixed.slice(1) : fixed}%`;
}

/** Thousands separators for the money inputs: 800000 → "800,000". */
export function groupDigits(value: string | number | undefined): string {
  if (value === undefined || value === '') return '';
  const [whole = '', fraction] = String(value).split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return fraction === undefined ? grouped : `${grouped}.${fraction}`;
}

/** What a money input's text means as a number: "$ 800,000" → 800000; '' → null. */
export function parseAmount(text: string | undefined): number | null {
  const cleaned = (text ?? '').replace(/[^\d.-]/g, '');
  if (cleaned === '' || cleaned === '-' || cleaned === '.') return null;
  const n = Number(cleaned);
  return Number.isFinite(n) ? n : null;
}
