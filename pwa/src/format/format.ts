/**
 * NZD in en-NZ with no decimals (consumer spec §9), e.g. "$1,250,000". The formatter is made on
 * first use, not when the module loads: building it costs tens of ms on a phone, on the first
 * screen's critical path otherwise.
 */
let nzdFormat: Intl.NumberFormat | undefined;
const nzd = () => (nzdFormat ??= new Intl.NumberFormat('en-NZ', { style: 'currency', currency: 'NZD', maximumFractionDigits: 0, minimumFractionDigits: 0 }));
export const formatNZD = (value: number | null | undefined) => (value === null || value === undefined || !Number.isFinite(value) ? '—' : nzd().format(value));

/** A signed amount for the value breakdown: "+$12,000" when non-negative, "-$8,000" otherwise. */
export const formatSignedNZD = (value: number) => `${value >= 0 ? '+' : '-'}${nzd().format(Math.abs(value))}`;

/**
 * Dates in en-NZ: year numeric, month short, day numeric, e.g. "5 Mar 2025", on New Zealand's
 * calendar (Pacific/Auckland) whatever the device's time zone: the day the engine calls "today"
 * and the report prints (command-api's valuations/report.ts). A valuation made at 9 am in
 * Auckland is 8 pm the day before in UTC, and a phone set to another zone showed that day on
 * screen while the report showed the New Zealand one. One formatter, made on first use:
 * `toLocaleDateString` with options builds a new one per call (milliseconds each on a phone, per
 * card of a list).
 */
let dateFormat: Intl.DateTimeFormat | undefined;
export function formatDateNZ(iso: string | null | undefined): string {
  if (!iso) return '—';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '—';
  dateFormat ??= new Intl.DateTimeFormat('en-NZ', { year: 'numeric', month: 'short', day: 'numeric', timeZone: 'Pacific/Auckland' });
  return dateFormat.format(date);
}

/**
 * A date and time in en-NZ on New Zealand's clock (Pacific/Auckland), whatever the device's time
 * zone: "26 Nov 2026, 12:02 pm", or to the second with `seconds` ("26 Nov 2026, 12:02:07 pm").
 * Text that is no date comes back as given; none is '—'. One formatter per style, made on first use.
 */
const dateTimeFormats = new Map<boolean, Intl.DateTimeFormat>();
export function formatDateTimeNZ(iso: string | null | undefined, { seconds = false }: { seconds?: boolean } = {}): string {
  if (!iso) return '—';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  let f = dateTimeFormats.get(seconds);
  if (!f) dateTimeFormats.set(seconds, (f = new Intl.DateTimeFormat('en-NZ', { dateStyle: 'medium', timeStyle: seconds ? 'medium' : 'short', timeZone: 'Pacific/Auckland' })));
  return f.format(date);
}

/** A distance to one decimal, e.g. "1.3 km" ('—' when unknown). */
export const formatKm = (value: number | null | undefined) =>
  value === null || value === undefined ? '—' : `${value.toLocaleString('en-NZ', { maximumFractionDigits: 1 })} km`;

/** Square metres, e.g. "165 m²". */
export const formatArea = (value: number | null | undefined) => (value === null || value === undefined ? '—' : `${value.toLocaleString('en-NZ')} m²`);
