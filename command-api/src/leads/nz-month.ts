import { nzDateOf } from '../valuations/model/calendar';

const nzClock = new Intl.DateTimeFormat('en-NZ', { timeZone: 'Pacific/Auckland', hourCycle: 'h23', year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric' });

/**
 * The instant the New Zealand calendar month of `now` began (midnight on the 1st, Pacific/Auckland),
 * as an ISO string: the stats' "This Month" counts requests received from it. NZ is UTC+12 or +13
 * and never changes its clocks at midnight, so midnight on the 1st is one of two instants.
 */
export function nzMonthStart(now: Date): string {
  const { year, month } = nzDateOf(now);
  for (const offsetHours of [13, 12]) {
    const candidate = new Date(Date.UTC(year, month - 1, 1) - offsetHours * 3_600_000);
    const parts = Object.fromEntries(nzClock.formatToParts(candidate).map((p) => [p.type, p.value]));
    if (Number(parts.day) === 1 && Number(parts.month) === month && Number(parts.hour) === 0 && Number(parts.minute) === 0) return candidate.toISOString();
  }
  throw new Error(`No midnight found for ${year}-${month} in Pacific/Auckland`);
}
