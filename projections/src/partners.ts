import type { PartnerEvent, PartnerProfileFields, PartnerRoleName, PartnerSource } from '@kainga/contracts';
import { nzLocations, partnerEventTypes } from '@kainga/contracts';
import type { CollectionWrite, Projector, ReadStore, RecordedEvent } from '@kainga/platform';
import { match } from 'ts-pattern';
import { byIds, erasedValuesOf, personErasedOf, withPersonErased, type PersonErasedData } from './person-erased';

/**
 * The `partners` read model: one document per partner (a user in one partner role) with its
 * profile, and one `partner_locations` document per location it serves — the spec's user_roles
 * rows, which GET /api/my-roles lists and the local-professionals search walks by location.
 * Locations are their own documents because a location list inside the partner could not be
 * indexed by both stores (the embedded store indexes scalar fields only).
 *
 * Whether the user still holds the role is not copied here: callers check the user's roles
 * (the `users` read model), so an admin taking the role away hides the partner at once.
 */
export const PARTNERS = 'partners';
export const PARTNER_LOCATIONS = 'partner_locations';

export interface PartnerDoc extends PartnerProfileFields {
  _id: string;
  userId: string;
  role: PartnerRoleName;
  source: PartnerSource;
  approvedBy: string;
  approvedAt: string;
  createdAt: string;
  updatedAt: string;
  /** Generated demo data (ops' demo seed); absent (false) in documents written before the flag. */
  demo?: boolean;
  /** When its person was erased (PersonErased): the profile reads as erased and it serves no location. */
  erasedAt?: string;
  [key: string]: unknown;
}

export interface PartnerLocationDoc {
  /** `<partnerId>:<locationId>`. */
  _id: string;
  partnerId: string;
  userId: string;
  role: PartnerRoleName;
  locationId: string;
  businessName: string;
  approvedBy: string;
  approvedAt: string;
  [key: string]: unknown;
}

/** Events stored before the demo flag existed lack it: they were real. */
const demoOf = (data: { demo?: boolean }) => data.demo ?? false;

export const partnerLocationId = (partnerId: string, locationId: string) => `${partnerId}:${locationId}`;

export const partnersProjector: Projector = {
  name: 'partners',
  // 2: partners carry the demo flag. 3: an erased partner (PersonErased).
  version: 3,
  collections: [PARTNERS, PARTNER_LOCATIONS],
  filter: withPersonErased({ eventTypes: partnerEventTypes, streamPrefixes: ['partner-'] }),
  indexes: {
    [PARTNERS]: [{ keys: { userId: 1 } }, { keys: { createdAt: 1, _id: 1 } }],
    [PARTNER_LOCATIONS]: [{ keys: { userId: 1 } }, { keys: { partnerId: 1 } }, { keys: { locationId: 1, role: 1 } }],
  },
  project(event: RecordedEvent): CollectionWrite[] {
    const erased = personErasedOf(event);
    if (erased) return erasePartner(erased);
    const e = { type: event.type, data: event.data } as PartnerEvent;
    return match(e)
      .with({ type: 'PartnerEnrolled' }, ({ data }): CollectionWrite[] => [
        {
          collection: PARTNERS,
          updateOne: {
            filter: { _id: data.partnerId },
            update: {
              $setOnInsert: { createdAt: data.approvedAt },
              $set: { userId: data.userId, role: data.role, ...data.profile, source: data.source, approvedBy: data.approvedBy, approvedAt: data.approvedAt, updatedAt: data.approvedAt, demo: demoOf(data) },
            },
            upsert: true,
          },
        },
      ])
      .with({ type: 'PartnerLocationApproved' }, ({ data }): CollectionWrite[] => [
        {
          collection: PARTNER_LOCATIONS,
          replaceOne: {
            filter: { _id: partnerLocationId(data.partnerId, data.locationId) },
            replacement: {
              _id: partnerLocationId(data.partnerId, data.locationId),
              partnerId: data.partnerId,
              userId: data.userId,
              role: data.role,
              locationId: data.locationId,
              businessName: data.businessName,
              approvedBy: data.approvedBy,
              approvedAt: data.approvedAt,
            },
            upsert: true,
          },
        },
      ])
      .with({ type: 'PartnerProfileUpdated' }, ({ data }): CollectionWrite[] => [
        { collection: PARTNERS, updateOne: { filter: { _id: data.partnerId }, update: { $set: { ...data.profile, updatedAt: data.updatedAt } } } },
      ])
      .exhaustive();
  },
};

/**
 * An erased partner: the record stays for the books (its leads and charges name it by id), its
 * profile and images as the log reads them once erased; its locations go, so no search, directory
 * or advert finds it.
 */
function erasePartner(data: PersonErasedData): CollectionWrite[] {
  const writes: CollectionWrite[] = [{ collection: PARTNER_LOCATIONS, deleteMany: { filter: { userId: data.userId } } }];
  if (data.records.partnerIds.length > 0) {
    writes.push({ collection: PARTNERS, updateMany: { filter: byIds(data.records.partnerIds), update: { $set: { ...erasedValuesOf('PartnerEnrolled', 'profile.'), erasedAt: data.at } } } });
  }
  return writes;
}

export function findPartner(store: ReadStore, partnerId: string): Promise<PartnerDoc | null> {
  return store.collection<PartnerDoc>(PARTNERS).findOne({ _id: partnerId });
}

/** The partner records of one user (one per partner role it was approved in). */
export function partnersOfUser(store: ReadStore, userId: string): Promise<PartnerDoc[]> {
  return store.collection<PartnerDoc>(PARTNERS).find({ userId });
}

/** One user's locations in every partner role (GET /api/my-roles), oldest approval first. */
export async function partnerLocationsOfUser(store: ReadStore, userId: string): Promise<PartnerLocationDoc[]> {
  const rows = await store.collection<PartnerLocationDoc>(PARTNER_LOCATIONS).find({ userId });
  return [...rows].sort((a, b) => a.approvedAt.localeCompare(b.approvedAt) || a._id.localeCompare(b._id));
}

const listIndex = new Map(nzLocations.map((l, i) => [l.id, i]));

/**
 * A partner's locations, first approved first; those approved together (one approval records no
 * order among them) in the order of the towns list (GET /api/locations).
 */
export const byApproval = (a: PartnerLocationDoc, b: PartnerLocationDoc) =>
  a.approvedAt.localeCompare(b.approvedAt) || (listIndex.get(a.locationId) ?? Infinity) - (listIndex.get(b.locationId) ?? Infinity) || a._id.localeCompare(b._id);

/** The locations of each of these partners, by partner id, each partner's in approval order (byApproval). */
export async function locationsOfPartners(store: ReadStore, partnerIds: readonly string[]): Promise<Map<string, PartnerLocationDoc[]>> {
  const byPartner = new Map<string, PartnerLocationDoc[]>(partnerIds.map((id) => [id, []]));
  if (partnerIds.length === 0) return byPartner;
  const rows = await store.collection<PartnerLocationDoc>(PARTNER_LOCATIONS).find({ partnerId: { $in: [...partnerIds] } });
  for (const row of rows) byPartner.get(row.partnerId)?.push(row);
  for (const list of byPartner.values()) list.sort(byApproval);
  return byPartner;
}

/** The partners serving a location (in one role, or all three), oldest first. */
export async function partnersInLocation(store: ReadStore, locationId: string, role?: PartnerRoleName): Promise<PartnerDoc[]> {
  const rows = await store.collection<PartnerLocationDoc>(PARTNER_LOCATIONS).find(role ? { locationId, role } : { locationId });
  if (rows.length === 0) return [];
  const partners = await store.collection<PartnerDoc>(PARTNERS).find({ _id: { $in: [...new Set(rows.map((r) => r.partnerId))] } });
  return [...partners].sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a._id.localeCompare(b._id));
}

/** Every partner, newest first (the admin's list and plan allocation; a few thousand at most). */
export function allPartners(store: ReadStore): Promise<PartnerDoc[]> {
  return store.collection<PartnerDoc>(PARTNERS).find({}, { sort: { createdAt: -1, _id: -1 } });
}
