/**
 * The New Zealand (Pacific/Auckland) calendar day of an instant, worked out from the country's
 * daylight-saving rules rather than by Intl (whose first use on a page costs tens of ms: see
 * format.ts). The rules in force since September 2007 (Time Act 1974, Daylight Time Order 2007):
 * NZST is UTC+12; NZDT (UTC+13) runs from 2:00 NZST on the last Sunday of September to 3:00 NZDT
 * on the first Sunday of April. For instants outside {@link RULE_YEARS} the answer is null and the
 * caller asks Intl; nz-calendar-day.test.ts checks every day of those years against Intl.
 */

/** UTC years the rules above cover (from the first full year under them; the test's range ends the other side). */
export const RULE_YEARS = { first: 2008, last: 2099 } as const;

const HOUR = 3_600_000;

/** The day of month of a month's first Sunday (UTC calendar; month 0-based). */
function firstSunday(year: number, month: number): number {
  return 1 + ((7 - new Date(Date.UTC(year, month, 1)).getUTCDay()) % 7);
}

/** The day of month of a month's last Sunday (UTC calendar; month 0-based). */
function lastSunday(year: number, month: number): number {
  const last = new Date(Date.UTC(year, month + 1, 0));
  return last.getUTCDate() - last.getUTCDay();
}

/** Whether New Zealand keeps daylight time at `ms` (a UTC year within the rules). */
function isDaylightTime(ms: number, utcYear: number): boolean {
  // 3:00 NZDT on the first Sunday of April, and 2:00 NZST on the last Sunday of September, in UTC.
  const ends = Date.UTC(utcYear, 3, firstSunday(utcYear, 3)) + 3 * HOUR - 13 * HOUR;
  const starts = Date.UTC(utcYear, 8, lastSunday(utcYear, 8)) + 2 * HOUR - 12 * HOUR;
  return ms < ends || ms >= starts;
}

/** New Zealand's year, month (1–12) and day at `ms`, or null outside the rules' years. */
export function nzCalendarDay(ms: number): { year: number; month: number; day: number } | null {
  if (!Number.isFinite(ms)) return null;
  const utcYear = new Date(ms).getUTCFullYear();
  if (utcYear < RULE_YEARS.first || utcYear > RULE_YEARS.last) return null;
  const local = new Date(ms + (isDaylightTime(ms, utcYear) ? 13 : 12) * HOUR);
  return { year: local.getUTCFullYear(), month: local.getUTCMonth() + 1, day: local.getUTCDate() };
}
