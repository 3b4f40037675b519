import { partnerRoleNames } from '@kainga/contracts';
import type { ReadStore } from '@kainga/platform';
import { ACTIVITY, type ActivityDoc, type ActivityType } from './activity';
import { countProperties } from './properties';
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

/** GET /api/public/stats: completed valuations, properties, partners, valuations in the last 30 days. */
export async function publicStats(store: ReadStore, now = new Date()) {
  const [totalValuations, totalProperties, totalPartners, recent] = await Promise.all([
    countCompletedValuations(store),
    countProperties(store),
    store.collection(USERS).count({ roles: { $in: [...partnerRoleNames] } }),
    recentActivity(store, now, 30),
  ]);
  return { totalValuations, totalProperties, totalPartners, recentValuationsCount: recent.valuation };
}

/** GET /api/admin/stats: totals and the last 7 days' activity by type. */
export async function adminStats(store: ReadStore, now = new Date()) {
  const [totalUsers, totalProperties, totalValuations, recent] = await Promise.all([
    store.collection(USERS).count(),
    countProperties(store),
    countCompletedValuations(store),
    recentActivity(store, now, 7),
  ]);
  return { totalUsers, totalProperties, totalValuations, recentActivity: (['user', 'property', 'valuation'] as const).map((type) => ({ type, count: recent[type] })) };
}
