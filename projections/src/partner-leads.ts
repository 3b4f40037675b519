import type { LeadOrigin, PartnerLeadEvent, ServiceType, UserDoc } from '@kainga/contracts';
import { partnerLeadEventTypes } from '@kainga/contracts';
import type { CollectionWrite, Projector, ReadStore, RecordedEvent } from '@kainga/platform';
import { match } from 'ts-pattern';
import { byIds, erasedValuesOf, personErasedOf, withPersonErased, withVisitorErased, type PersonErasedData } from './person-erased';
import { PROPERTIES, type PropertyDoc } from './properties';
import { USERS } from './users';

/**
 * The `partner_leads` read model: one document per request from a client to a partner (stream
 * `partnerLead-<id>`), read by the partner's inbox (as contacts and as leads), its stats, and the
 * client's messages. The client's name and the property's address are joined at query time, so a
 * profile change shows at once and nothing here repeats another read model.
 */
export const PARTNER_LEADS = 'partner_leads';

export type LeadStatusValue = 'new' | 'contacted' | 'responded';

export interface PartnerLeadDoc {
  _id: string;
  partnerId: string;
  userId: string | null;
  origin: LeadOrigin;
  serviceType: ServiceType;
  propertyId: string | null;
  locationId: string;
  requestMessage: string;
  contactName: string;
  contactEmail: string;
  contactPhone: string | null;
  /** The lead's vocabulary; the contact's is derived from it (contactStatusOf). */
  leadStatus: LeadStatusValue;
  partnerResponse: string | null;
  createdAt: string;
  updatedAt: string;
  /** Generated demo data (ops' demo seed); absent (false) in documents written before the flag. */
  demo?: boolean;
  /**
   * When its sender was erased (PersonErased): the partner keeps the request, its dates and status,
   * and the screens say "Erased at the person’s request" for the message, the name and the reply.
   */
  erasedAt?: string;
  [key: string]: unknown;
}

/** Lead 'new' is contact 'sent', 'contacted' is 'read', the rest 'responded' (spec 001 §4). */
export const contactStatusOf = (status: LeadStatusValue) => (status === 'new' ? 'sent' : status === 'contacted' ? 'read' : 'responded');

/** Events stored before the demo flag existed lack it: they were real. */
const demoOf = (data: { demo?: boolean }) => data.demo ?? false;

export const partnerLeadsProjector: Projector = {
  name: 'partner_leads',
  // 2: leads carry the demo flag. 3: an erased sender's (PersonErased). 4: an erased signed-out visitor's (VisitorErased).
  // 5: an erased sender's requests sent while the erasure gathered them.
  version: 5,
  collections: [PARTNER_LEADS],
  filter: withVisitorErased(withPersonErased({ eventTypes: partnerLeadEventTypes, streamPrefixes: ['partnerLead-'] })),
  indexes: {
    [PARTNER_LEADS]: [
      // A partner's inbox, newest first; its stats count ranges of it (this month) and statuses.
      { keys: { partnerId: 1, createdAt: -1, _id: 1 } },
      { keys: { partnerId: 1, leadStatus: 1 } },
      // A client's messages, newest first.
      { keys: { userId: 1, createdAt: -1, _id: 1 } },
    ],
  },
  project(event: RecordedEvent): CollectionWrite[] {
    const erased = personErasedOf(event);
    if (erased) return eraseLeads(erased);
    const e = { type: event.type, data: event.data } as PartnerLeadEvent;
    return match(e)
      .with({ type: 'PartnerLeadReceived' }, ({ data }): CollectionWrite[] => {
        const doc: PartnerLeadDoc = {
          _id: data.leadId,
          partnerId: data.partnerId,
          userId: data.userId,
          origin: data.origin,
          serviceType: data.serviceType,
          propertyId: data.propertyId,
          locationId: data.locationId,
          requestMessage: data.requestMessage,
          contactName: data.contactName,
          contactEmail: data.contactEmail,
          contactPhone: data.contactPhone,
          leadStatus: 'new',
          partnerResponse: null,
          createdAt: data.receivedAt,
          updatedAt: data.receivedAt,
          demo: demoOf(data),
        };
        return [{ collection: PARTNER_LEADS, replaceOne: { filter: { _id: data.leadId }, replacement: doc, upsert: true } }];
      })
      // Only a new lead becomes contacted (a read after the response changes nothing).
      .with({ type: 'PartnerLeadRead' }, ({ data }): CollectionWrite[] => [
        { collection: PARTNER_LEADS, updateOne: { filter: { _id: data.leadId, leadStatus: 'new' }, update: { $set: { leadStatus: 'contacted', updatedAt: data.readAt } } } },
      ])
      .with({ type: 'PartnerLeadResponded' }, ({ data }): CollectionWrite[] => [
        { collection: PARTNER_LEADS, updateOne: { filter: { _id: data.leadId }, update: { $set: { leadStatus: 'responded', partnerResponse: data.response, updatedAt: data.respondedAt } } } },
      ])
      .exhaustive();
  },
};

/**
 * The requests an erased person sent (signed in or out): contact details and message as
 * PartnerLeadReceived reads once erased, and a reply as PartnerLeadResponded does (a lead with
 * none keeps null). The requests an erased partner received are their senders' and stay, but
 * the partner's replies in them are the partner's words: they read as erased too (the log keeps
 * a reply under its own key, linked to the partner; replies written before that key existed are
 * under the lead's, the sender's, so the read model cannot leave them to the rebuild).
 */
function eraseLeads(data: PersonErasedData): CollectionWrite[] {
  const ids = data.records.sentLeadIds;
  const response = erasedValuesOf('PartnerLeadResponded').response;
  const writes: CollectionWrite[] = [];
  if (ids.length > 0) {
    writes.push(
      { collection: PARTNER_LEADS, updateMany: { filter: byIds(ids), update: { $set: { ...erasedValuesOf('PartnerLeadReceived'), erasedAt: data.at } } } },
      { collection: PARTNER_LEADS, updateMany: { filter: { ...byIds(ids), partnerResponse: { $ne: null } }, update: { $set: { partnerResponse: response } } } },
    );
  }
  // And along the {userId} index: a request sent signed in while the erasure gathered the ids is theirs too.
  writes.push(
    { collection: PARTNER_LEADS, updateMany: { filter: { userId: data.userId }, update: { $set: { ...erasedValuesOf('PartnerLeadReceived'), erasedAt: data.at } } } },
    { collection: PARTNER_LEADS, updateMany: { filter: { userId: data.userId, partnerResponse: { $ne: null } }, update: { $set: { partnerResponse: response } } } },
  );
  // Along the {partnerId, leadStatus} index: only a responded lead has a reply.
  for (const partnerId of data.records.partnerIds) {
    writes.push({ collection: PARTNER_LEADS, updateMany: { filter: { partnerId, leadStatus: 'responded' }, update: { $set: { partnerResponse: response } } } });
  }
  return writes;
}

const NEWEST_FIRST = { createdAt: -1, _id: 1 } as const;

/** Most requests one list answers: an inbox is read whole, newest first. */
export const LEADS_LIST_LIMIT = 500;

export function findPartnerLead(store: ReadStore, leadId: string): Promise<PartnerLeadDoc | null> {
  return store.collection<PartnerLeadDoc>(PARTNER_LEADS).findOne({ _id: leadId });
}

/** A partner's requests, newest first. */
export function leadsOfPartner(store: ReadStore, partnerId: string, limit = LEADS_LIST_LIMIT): Promise<PartnerLeadDoc[]> {
  return store.collection<PartnerLeadDoc>(PARTNER_LEADS).find({ partnerId }, { sort: NEWEST_FIRST, limit });
}

/** A client's own requests, newest first. */
export function leadsOfUser(store: ReadStore, userId: string, limit = LEADS_LIST_LIMIT): Promise<PartnerLeadDoc[]> {
  return store.collection<PartnerLeadDoc>(PARTNER_LEADS).find({ userId }, { sort: NEWEST_FIRST, limit });
}

export interface PartnerContact {
  lead: PartnerLeadDoc;
  user: Pick<UserDoc, '_id' | 'email' | 'firstName' | 'lastName' | 'profileImageUrl'> | null;
  property: { address: string } | null;
}

/** A partner's requests as contacts: each with its client's account and its property's address, when known. */
export async function contactsOfPartner(store: ReadStore, partnerId: string, limit = LEADS_LIST_LIMIT): Promise<PartnerContact[]> {
  return withClientsAndProperties(store, await leadsOfPartner(store, partnerId, limit));
}

/** These requests, each with its client's account and its property's address (two reads for all of them). */
export async function withClientsAndProperties(store: ReadStore, leads: readonly PartnerLeadDoc[]): Promise<PartnerContact[]> {
  const userIds = [...new Set(leads.flatMap((l) => (l.userId ? [l.userId] : [])))];
  const propertyIds = [...new Set(leads.flatMap((l) => (l.propertyId ? [l.propertyId] : [])))];
  const [users, properties] = await Promise.all([
    userIds.length ? store.collection<UserDoc>(USERS).find({ _id: { $in: userIds } }) : [],
    propertyIds.length ? store.collection<PropertyDoc>(PROPERTIES).find({ _id: { $in: propertyIds } }) : [],
  ]);
  const userById = new Map(users.map((u) => [u._id, u]));
  const addressById = new Map(properties.map((p) => [p._id, p.address]));
  return leads.map((lead) => {
    const user = lead.userId ? userById.get(lead.userId) : undefined;
    const address = lead.propertyId ? addressById.get(lead.propertyId) : undefined;
    return {
      lead,
      user: user ? { _id: user._id, email: user.email, firstName: user.firstName, lastName: user.lastName, profileImageUrl: user.profileImageUrl } : null,
      property: address !== undefined ? { address } : null,
    };
  });
}

/** The inbox's stat cards: counts over the partner's requests; `monthStart` an ISO instant. */
export async function partnerLeadCounts(store: ReadStore, partnerId: string, monthStart: string) {
  const leads = store.collection(PARTNER_LEADS);
  const [total, thisMonth, fresh, responded] = await Promise.all([
    leads.count({ partnerId }),
    leads.count({ partnerId, createdAt: { $gte: monthStart } }),
    leads.count({ partnerId, leadStatus: 'new' }),
    leads.count({ partnerId, leadStatus: 'responded' }),
  ]);
  return { total, thisMonth, new: fresh, responded };
}
