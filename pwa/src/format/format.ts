import { nzCalendarDay } from './nz-calendar-day';

/**
 * Figures are written here without Intl where the answer is plain (whole numbers, dates of the
 * current daylight-saving rules): a page's first Intl formatter of any kind loads ICU's locale
 * data, 20–40 ms of main thread on a desktop and four times that on a phone, which the public
 * screens (/map, /, /properties) would otherwise pay while they start. The output is Intl's
 * en-NZ output, character for character (format.test.ts compares them); anything else goes to
 * Intl, made on first use.
 */

/** A non-negative safe integer with en-NZ's thousands separators, e.g. "1,250,000". */
function groupDigits(whole: number): string {
  const digits = String(whole);
  let out = '';
  for (let end = digits.length; end > 0; end -= 3) out = (end > 3 ? ',' : '') + digits.slice(Math.max(0, end - 3), end) + out;
  return out;
}

/** A number as `toLocaleString('en-NZ')` writes it ("20,000", "-4,500", "1,234.568"). */
export function formatNumber(n: number): string {
  // -0 is written "-0" by Intl; non-integers get its rounding to 3 decimals.
  if (!Number.isSafeInteger(n) || Object.is(n, -0)) return n.toLocaleString('en-NZ');
  return n < 0 ? `-${groupDigits(-n)}` : groupDigits(n);
}

/** NZD in en-NZ with no decimals (consumer spec §9), e.g. "$1,250,000". */
let nzdFormat: Intl.NumberFormat | undefined;
const nzd = () => (nzdFormat ??= new Intl.NumberFormat('en-NZ', { style: 'currency', currency: 'NZD', maximumFractionDigits: 0, minimumFractionDigits: 0 }));
function nzdText(value: number): string {
  // Intl rounds half away from zero ("halfExpand") and keeps the sign of what rounds to 0 ("-$0").
  const whole = Math.round(Math.abs(value));
  if (!Number.isSafeInteger(whole)) return nzd().format(value);
  return `${value < 0 || Object.is(value, -0) ? '-' : ''}$${groupDigits(whole)}`;
}
export const formatNZD = (value: number | null | undefined) => (value === null || value === undefined || !Number.isFinite(value) ? '—' : nzdText(value));

/** A signed amount for the value breakdown: "+$12,000" when non-negative, "-$8,000" otherwise. */
export const formatSignedNZD = (value: number) => `${value >= 0 ? '+' : '-'}${nzdText(Math.abs(value))}`;

/**
 * Dates in en-NZ: year numeric, month short, day numeric, e.g. "5 Mar 2025", on New Zealand's
 * calendar (Pacific/Auckland) whatever the device's time zone: the day the engine calls "today"
 * and the report prints (command-api's valuations/report.ts). A valuation made at 9 am in
 * Auckland is 8 pm the day before in UTC, and a phone set to another zone showed that day on
 * screen while the report showed the New Zealand one. The day comes from New Zealand's daylight-
 * saving rules (nzCalendarDay) where they apply, else from one Intl formatter, made on first use:
 * `toLocaleDateString` with options builds a new one per call (milliseconds each on a phone, per
 * card of a list).
 */
let dateFormat: Intl.DateTimeFormat | undefined;
/** en-NZ's short month names (September is "Sept"). */
const SHORT_MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sept', 'Oct', 'Nov', 'Dec'] as const;
export function formatDateNZ(iso: string | null | undefined): string {
  if (!iso) return '—';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '—';
  const day = nzCalendarDay(date.getTime());
  if (day) return `${day.day} ${SHORT_MONTHS[day.month - 1]} ${day.year}`;
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
export const formatArea = (value: number | null | undefined) => (value === null || value === undefined ? '—' : `${formatNumber(value)} m²`);
