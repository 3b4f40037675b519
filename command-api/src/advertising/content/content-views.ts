import { locationById, type AdContentView } from '@kainga/contracts';
import type { ReadStore } from '@kainga/platform';
import { businessNamesOf, type AdContentRecord } from '@kainga/projections';

/** An advert as the partner's and the admin's lists show it, with whose it is, its tier and town. */
export function toAdContentView(record: AdContentRecord, businessName: string): AdContentView {
  return {
    id: record.id,
    subscriptionId: record.subscriptionId,
    partnerId: record.partnerId,
    title: record.title,
    description: record.description,
    imageUrl: record.imageUrl,
    ctaText: record.ctaText,
    ctaUrl: record.ctaUrl,
    targetRoles: record.targetRoles,
    status: record.status,
    approvedBy: record.approvedBy,
    approvedAt: record.approvedAt,
    rejectionReason: record.rejectionReason,
    createdAt: record.createdAt,
    updatedAt: record.updatedAt,
    businessName,
    tier: record.tier,
    cityName: locationById(record.locationId)?.cityName ?? record.locationId,
    demo: record.demo,
  };
}

/** Many adverts as views, with one read for their partners' names. */
export async function toAdContentViews(store: ReadStore, records: readonly AdContentRecord[]): Promise<AdContentView[]> {
  const names = await businessNamesOf(store, records.map((r) => r.partnerId));
  return records.map((r) => toAdContentView(r, names.get(r.partnerId) ?? ''));
}
