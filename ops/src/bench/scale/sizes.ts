/**
 * The sizes `npm run bench:scale` measures, each a target the store is grown to (sizes only
 * grow, so one store passes through all of them). `demo` is the store `npm start` seeds; the
 * larger ones add sales through the real CSV import, valued properties through the real
 * valuation workflow, and a synthetic stream of other event types (what adverts' impressions
 * will be) until the log holds `events`.
 */
export interface ScaleSize {
  label: string;
  /** Sales in the log at least. */
  sales: number;
  /** Completed valuations at least (each of its own property). */
  valuations: number;
  /** Events in the log at least. */
  events: number;
}

export const SCALE_SIZES: readonly ScaleSize[] = [
  { label: 'demo', sales: 0, valuations: 0, events: 0 },
  { label: '10×', sales: 20_000, valuations: 2_000, events: 100_000 },
  { label: '100×', sales: 200_000, valuations: 20_000, events: 1_000_000 },
];

/** `--sizes demo,10x` picks some (in order); the default is all of them. */
export function pickSizes(arg: string | undefined): ScaleSize[] {
  if (!arg) return [...SCALE_SIZES];
  const wanted = arg.split(',').map((s) => s.trim().replace(/x$/i, '×'));
  const unknown = wanted.filter((w) => !SCALE_SIZES.some((s) => s.label === w));
  if (unknown.length) throw new Error(`Unknown size ${unknown.join(', ')}: choose from ${SCALE_SIZES.map((s) => s.label.replace('×', 'x')).join(', ')}`);
  return SCALE_SIZES.filter((s) => wanted.includes(s.label));
}
