import type { ReadStore } from '@kainga/platform';
import { ACTIVITY, type ActivityDoc, type ActivityType } from './activity';
import { countProperties } from './properties';
import { whileUnchanged } from './read-model-memo';
import { PARTNERS, type PartnerDoc } from './partners';
import type { UserDoc } from '@kainga/contracts';
import { USERS } from './users';
import { countCompletedValuations } from './valuations';

const daysAgo = (now: Date, days: number) => new Date(now.getTime() - days * 86_400_000).toISOString().slice(0, 10);

/** Counts per activity type over the last `days` days (today included). */
export async function recentActivity(store: ReadStore, now: Date, days: number): Promise<Record<ActivityType, number>> {
  const docs = await store.collection<ActivityDoc>(ACTIVITY).find({ day: { $gt: daysAgo(now, days) } });
  const totals: Record<ActivityType, number> = { user: 0, property: 0, valuation: 0 };
  for (const d of docs) totals[d.type] += d.count;
  return totals;
}

/**
 * The read models the stats count. The versions of their documents (getDataVersion, plus the day)
 * say whether anything counted can have changed, so an answer is computed once per change instead of once per request: counting
 * walks an index, which bench:scale measured at 0.01× a bare route with 20,000 valuations.
 */
const COUNTED = ['valuations', 'properties', 'users', 'activity', 'partners'] as const;

async function memoised<T>(store: ReadStore, name: string, now: Date, compute: () => Promise<T>): Promise<T> {
  // The five versions in one read (one round trip on MongoDB, one await here); the key grown as a
  // string, as a join and toISOString cost more than the lookup (the stats routes are memo hits
  // nearly always).
  let key = utcDay(now);
  for (const version of await store.getDataVersions(COUNTED)) key += `|${version}`;
  return whileUnchanged(store, `stats:${name}`, key, compute);
}

/** The UTC day of `now` (YYYY-MM-DD), worked out again only when the day changes. */
let day = { from: 0, to: -1, text: '' };
export function utcDay(now: Date): string {
  const ms = now.getTime();
  if (ms < day.from || ms >= day.to) {
    const from = ms - (((ms % 86_400_000) + 86_400_000) % 86_400_000);
    day = { from, to: from + 86_400_000, text: new Date(from).toISOString().slice(0, 10) };
  }
  return day.text;
}

/** GET /api/public/stats: completed valuations, properties, partners, valuations in the last 30 days. */
export function publicStats(store: ReadStore, now = new Date()) {
  return memoised(store, 'public', now, () => countPublicStats(store, now));
}

async function countPublicStats(store: ReadStore, now: Date) {
  const [totalValuations, totalProperties, totalPartners, recent] = await Promise.all([
    countCompletedValuations(store),
    countProperties(store),
    countReachablePartners(store),
    recentActivity(store, now, 30),
  ]);
  return { totalValuations, totalProperties, totalPartners, recentValuationsCount: recent.valuation };
}

/** GET /api/admin/stats: totals and the last 7 days' activity by type. */
export function adminStats(store: ReadStore, now = new Date()) {
  return memoised(store, 'admin', now, () => countAdminStats(store, now));
}

async function countAdminStats(store: ReadStore, now: Date) {
  const [totalUsers, totalProperties, totalValuations, recent] = await Promise.all([
    store.collection(USERS).count(),
    countProperties(store),
    countCompletedValuations(store),
    recentActivity(store, now, 7),
  ]);
  return { totalUsers, totalProperties, totalValuations, recentActivity: (['user', 'property', 'valuation'] as const).map((type) => ({ type, count: recent[type] })) };
}

/**
 * Partners a person can reach: enrolled (an approved application or an admin's direct creation)
 * and still holding the role. A user given a partner role by Edit Roles alone has no partner
 * record, so nobody could contact them; they are not counted. A few hundred partners at most,
 * counted once per change (see memoised).
 */
async function countReachablePartners(store: ReadStore): Promise<number> {
  const partners = await store.collection<PartnerDoc>(PARTNERS).find({});
  if (partners.length === 0) return 0;
  const users = await store.collection<UserDoc>(USERS).find({ _id: { $in: [...new Set(partners.map((p) => p.userId))] } });
  const roles = new Map(users.map((u) => [u._id, u.roles]));
  return partners.filter((p) => roles.get(p.userId)?.includes(p.role)).length;
}
