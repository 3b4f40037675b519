/**
 * Calendar dates for the sales rules. Sale dates are New Zealand calendar dates (`yyyy-mm-dd`),
 * so "today" is the calendar date in Pacific/Auckland at `now`, and all day counts are between
 * calendar dates (DST never makes a day 23 or 25 hours long here).
 */

export type CalendarDate = { year: number; month: number; day: number };

const nzDateFormat = new Intl.DateTimeFormat('en-NZ', { timeZone: 'Pacific/Auckland', year: 'numeric', month: 'numeric', day: 'numeric' });

/** The New Zealand calendar date at the instant `now`. */
export const nzDateOf = (now: Date): CalendarDate => {
  const parts = nzDateFormat.formatToParts(now);
  const get = (type: 'year' | 'month' | 'day') => Number(parts.find((p) => p.type === type)?.value);
  return { year: get('year'), month: get('month'), day: get('day') };
};

/** A `yyyy-mm-dd` date (anything after the tenth character, e.g. a time, is ignored); null if not a real date. */
export const parseIsoDate = (text: string): CalendarDate | null => {
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(text);
  if (!m) return null;
  const date = { year: Number(m[1]), month: Number(m[2]), day: Number(m[3]) };
  const utc = new Date(Date.UTC(date.year, date.month - 1, date.day));
  return utc.getUTCFullYear() === date.year && utc.getUTCMonth() === date.month - 1 && utc.getUTCDate() === date.day ? date : null;
};

export const formatIsoDate = (d: CalendarDate): string => `${String(d.year).padStart(4, '0')}-${String(d.month).padStart(2, '0')}-${String(d.day).padStart(2, '0')}`;

const daysInMonth = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();

/** The same day `months` calendar months earlier, clamped to the month's last day (31 May − 3 = 28/29 Feb). */
export const monthsBefore = (d: CalendarDate, months: number): CalendarDate => {
  const index = d.year * 12 + (d.month - 1) - months;
  const year = Math.floor(index / 12);
  const month = index - year * 12 + 1;
  return { year, month, day: Math.min(d.day, daysInMonth(year, month)) };
};

const dayNumber = (d: CalendarDate) => Date.UTC(d.year, d.month - 1, d.day) / 86_400_000;

/** Whole days from `earlier` to `later` (negative when `earlier` is after `later`). */
export const daysBetween = (earlier: CalendarDate, later: CalendarDate): number => dayNumber(later) - dayNumber(earlier);

/** Average length of a month in days (365.25 / 12), for "months ago" figures. */
export const DAYS_PER_MONTH = 30.4375;
