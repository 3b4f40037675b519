import type { UserDoc } from '@kainga/contracts';
import type { ReadStore } from '@kainga/platform';
import {
  AD_CONTENT,
  AD_SUBSCRIPTIONS,
  findUser,
  PARTNER_APPLICATIONS,
  PARTNER_LEADS,
  partnersOfUser,
  PROPERTIES,
  VALUATIONS,
  type AdContentDoc,
  type AdSubscriptionDoc,
  type PartnerApplicationDoc,
  type PartnerDoc,
} from '@kainga/projections';
import { idsOf } from './paged-reads';

/**
 * What an account holds, read through the read models' own indexes: its partner records with their
 * subscriptions and adverts (newest first) and its applications, read whole (they are few); the ids
 * of its properties, valuations and the requests it sent signed in, walked id-only a page at a
 * time. The one reader of "what is this person's" behind both an export (export-scope.ts) and an
 * erasure (erasure-records.ts), so neither finds less than the other.
 */
export interface PersonHoldings {
  user: UserDoc;
  partners: PartnerDoc[];
  partnerIds: string[];
  applications: PartnerApplicationDoc[];
  subscriptions: AdSubscriptionDoc[];
  adverts: AdContentDoc[];
  propertyIds: string[];
  valuationIds: string[];
  sentLeadIds: string[];
}

/** Null when there is no such account. */
export async function personHoldingsOf(store: ReadStore, userId: string): Promise<PersonHoldings | null> {
  const user = await findUser(store, userId);
  if (!user) return null;
  const partners = await partnersOfUser(store, userId);
  const partnerIds = partners.map((p) => p._id);
  const [applications, subscriptions, adverts, propertyIds, valuationIds, sentLeadIds] = await Promise.all([
    store.collection<PartnerApplicationDoc>(PARTNER_APPLICATIONS).find({ userId }),
    perPartner(partnerIds, (partnerId) => store.collection<AdSubscriptionDoc>(AD_SUBSCRIPTIONS).find({ partnerId })),
    perPartner(partnerIds, (partnerId) => store.collection<AdContentDoc>(AD_CONTENT).find({ partnerId }, { sort: { createdAt: -1, _id: -1 } })),
    idsOf(store, PROPERTIES, { ownerId: userId }),
    idsOf(store, VALUATIONS, { userId }),
    idsOf(store, PARTNER_LEADS, { userId }),
  ]);
  return { user, partners, partnerIds, applications, subscriptions, adverts, propertyIds, valuationIds, sentLeadIds };
}

/** One read per partner record, flattened (a person has one or two). */
export async function perPartner<T>(partnerIds: readonly string[], read: (partnerId: string) => Promise<T[]>): Promise<T[]> {
  return (await Promise.all(partnerIds.map(read))).flat();
}
