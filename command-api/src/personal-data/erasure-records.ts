import { personalScopes, type ErasedRecords } from '@kainga/contracts';
import { visitorPersonOf, type Stores } from '@kainga/platform';
import { PARTNER_LEADS } from '@kainga/projections';
import { userStream } from '../accounts/user';
import { personHoldingsOf } from '../profile/person-holdings';

/** What an erasure covers, found before any key is destroyed (the emails cannot be read after). */
export interface ErasureScope {
  records: ErasedRecords;
  /** Every address the account used or gave as a partner's contact (to release, and to find their mail). */
  emails: string[];
  /** The account's full name (which an admin's reason must not hold). */
  names: string[];
  persons: string[];
  scopes: string[];
}

const isUpload = (path: unknown): path is string => typeof path === 'string' && path.startsWith('/api/uploads/');

/**
 * Everything of a person's that an erasure names, by id: their partner records with their adverts
 * and subscriptions, properties, valuations, applications, the requests they sent (signed in, or
 * signed out from one of their addresses), their uploads; and the vault's persons (the account
 * and a keyed digest per address) and scopes to destroy. Null when there is no such account.
 */
export async function erasureScopeOf(stores: Pick<Stores, 'readStore' | 'eventStore' | 'personalKeys'>, userId: string): Promise<ErasureScope | null> {
  const store = stores.readStore;
  const held = await personHoldingsOf(store, userId);
  if (!held) return null;
  const { user, partners, partnerIds, applications, subscriptions, adverts, propertyIds, valuationIds, sentLeadIds: signedInLeads } = held;

  // The addresses, read while they still can be: the account's over time, and its partner contacts.
  const emails = new Set<string>([user.email]);
  for (const e of await stores.eventStore.readStream(userStream(userId))) {
    const email = (e.data as { email?: unknown }).email;
    if (typeof email === 'string' && email) emails.add(email);
  }
  for (const contact of [...partners.map((p) => p.contactEmail), ...applications.map((a) => a.contactEmail)]) if (contact) emails.add(contact);
  const normalised = [...new Set([...emails].map((e) => e.trim().toLowerCase()))];

  // Requests sent signed out from one of those addresses are theirs too (the dialog asks no account).
  const signedOutLeads: string[] = [];
  // No index serves this (an erasure is rare; the partner's inbox index does not know the sender).
  for (const email of emails) signedOutLeads.push(...(await store.collection(PARTNER_LEADS).find({ userId: null, contactEmail: email })).map((d) => d._id));

  const secret = await stores.personalKeys.visitorSecret();
  const uploads = [user.profileImageUrl, ...partners.flatMap((p) => [p.profileImage, p.companyImage]), ...applications.flatMap((a) => [a.profileImage, a.companyImage]), ...adverts.map((a) => a.imageUrl)].filter(isUpload);
  const sentLeadIds = [...new Set([...signedInLeads, ...signedOutLeads])];
  return {
    records: {
      partnerIds,
      propertyIds,
      valuationIds,
      sentLeadIds,
      applicationIds: applications.map((a) => a._id),
      adContentIds: adverts.map((a) => a._id),
      subscriptionIds: subscriptions.map((s) => s._id),
      uploads: [...new Set(uploads)],
    },
    emails: normalised,
    names: [`${user.firstName} ${user.lastName}`],
    persons: [userId, ...normalised.map((email) => visitorPersonOf(secret, email))],
    scopes: [
      personalScopes.user(userId),
      ...partnerIds.map(personalScopes.partner),
      ...propertyIds.map(personalScopes.property),
      ...sentLeadIds.map(personalScopes.lead),
      // Partners' replies to their requests speak to and of them.
      ...sentLeadIds.map(personalScopes.leadReply),
      ...adverts.map((a) => personalScopes.adContent(a._id)),
    ],
  };
}
