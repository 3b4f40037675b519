import type { EventStore, ReadStore, Stores } from '@kainga/platform';
import {
  businessNamesOf,
  contactStatusOf,
  LEAD_CHARGES,
  PARTNER_LEADS,
  PROPERTIES,
  VALUATIONS,
  type LeadChargeDoc,
  type PartnerLeadDoc,
  type PropertyDoc,
  type ValuationDoc,
} from '@kainga/projections';
import { historyOfActions, historyOfRecords } from './export-history';
import type { ExportScope } from './export-scope';
import { jsonArray, jsonFile } from './json-text';
import { eachOf, pagesOf } from './paged-reads';

/** One JSON file of the archive: its name, one line for the README, and its text (made when the archive reaches it). */
export interface ExportFile {
  name: string;
  holds: string;
  text: () => AsyncIterable<string> | string;
}

const OLDEST_FIRST = { createdAt: 1, _id: -1 } as const;

/** Search keys and other fields a read model derives for its own indexes: not information about the person. */
function withoutIndexKeys<T extends Record<string, unknown>>(doc: T): Record<string, unknown> {
  const { search: _s, nameKey: _n, surnameKey: _k, ...rest } = doc;
  return rest;
}

async function* messagesSent(readStore: ReadStore, userId: string) {
  for await (const page of pagesOf(readStore.collection<PartnerLeadDoc>(PARTNER_LEADS), { userId }, OLDEST_FIRST)) {
    const names = await businessNamesOf(readStore, page.map((l) => l.partnerId));
    for (const l of page) {
      yield {
        id: l._id,
        to: names.get(l.partnerId) ?? 'a partner no longer listed',
        serviceType: l.serviceType,
        locationId: l.locationId,
        message: l.requestMessage,
        yourName: l.contactName,
        yourEmail: l.contactEmail,
        yourPhone: l.contactPhone,
        status: contactStatusOf(l.leadStatus),
        partnerResponse: l.partnerResponse,
        sentAt: l.createdAt,
        updatedAt: l.updatedAt,
      };
    }
  }
}

/**
 * A lead as the partner's business record: what the sender chose to send (their name, contact
 * details and message) and what the partner answered. The sender's account id and their
 * property's id are not copied: they are keys to the sender's own records, not part of the request.
 */
const leadReceived = (l: PartnerLeadDoc) => ({
  id: l._id,
  partnerId: l.partnerId,
  origin: l.origin,
  serviceType: l.serviceType,
  locationId: l.locationId,
  message: l.requestMessage,
  contactName: l.contactName,
  contactEmail: l.contactEmail,
  contactPhone: l.contactPhone,
  status: l.leadStatus,
  yourResponse: l.partnerResponse,
  receivedAt: l.createdAt,
  updatedAt: l.updatedAt,
  ...(l.demo ? { demo: true } : {}),
});

async function* forEachPartner<T>(scope: ExportScope, walk: (partnerId: string) => AsyncIterable<T>) {
  for (const p of scope.partners) yield* walk(p._id);
}

/** The JSON files of a person's export, in the order the archive holds them. */
export function exportFiles(stores: Pick<Stores, 'readStore' | 'eventStore'> & { credentials: { get(userId: string): Promise<string | null> } }, scope: ExportScope): ExportFile[] {
  const { readStore, eventStore }: { readStore: ReadStore; eventStore: EventStore } = stores;
  const { user } = scope;
  const userId = user._id;
  const files: ExportFile[] = [
    {
      name: 'account.json',
      holds: 'Your account: name, email, roles, profile image, how you sign in (never your password or its hash), and when it was made and last changed.',
      text: async function* () {
        const [first] = await eventStore.readStream(`user-${userId}`, { limit: 1 });
        const provider = first?.type === 'UserRegistered' ? (first.data as { provider?: string }).provider ?? null : null;
        const hasPassword = (await stores.credentials.get(userId)) !== null;
        const { _id, ...account } = withoutIndexKeys(user);
        yield jsonFile({ id: _id, ...account, signsInWith: provider, hasPassword });
      },
    },
    {
      name: 'properties.json',
      holds: 'The homes you registered (for valuations): address, details, map position, whether you hid it from the public map, and its latest valuation.',
      text: () => jsonArray(eachOf(pagesOf(readStore.collection<PropertyDoc>(PROPERTIES), { ownerId: userId }, OLDEST_FIRST), withoutIndexKeys)),
    },
    {
      name: 'valuations.json',
      holds: 'Every valuation you asked for: what you told us (the home’s details, its condition, the purpose), the comparable sales used, and the result or why it failed.',
      text: () => jsonArray(eachOf(pagesOf(readStore.collection<ValuationDoc>(VALUATIONS), { userId }, OLDEST_FIRST), (v) => v)),
    },
    {
      name: 'messages-sent.json',
      holds: 'The requests you sent to partners (mortgage brokers, valuers, property managers) while signed in, with the contact details you gave and their answers.',
      text: () => jsonArray(messagesSent(readStore, userId)),
    },
    {
      name: 'partner-applications.json',
      holds: 'Your applications and enquiries to become a partner, and what was decided.',
      text: () => jsonFile(scope.applications),
    },
  ];
  if (scope.partners.length === 0) return [...files, ...historyFiles(stores, scope)];
  return [
    ...files,
    {
      name: 'partner-profiles.json',
      holds: 'Your partner business records (one per partner role): the profile shown to the public, and the towns you serve.',
      text: () => jsonFile(scope.partners.map((p) => ({ ...p, locations: (scope.partnerLocations.get(p._id) ?? []).map((l) => ({ locationId: l.locationId, approvedAt: l.approvedAt })) }))),
    },
    {
      name: 'adverts.json',
      holds: 'Your adverts: their words, images and links, and their approval state.',
      text: () => jsonFile(scope.adverts),
    },
    {
      name: 'ad-subscriptions.json',
      holds: 'Your advertising plans: tier, town, dates, payment state (Stripe’s references), and impressions and clicks counted.',
      text: () => jsonFile(scope.subscriptions),
    },
    {
      name: 'ad-plan-requests.json',
      holds: 'The advertising plans you asked the admins to allocate, with your message.',
      text: () => jsonFile(scope.planRequests),
    },
    {
      name: 'coupons-redeemed.json',
      holds: 'The coupon codes you redeemed, and on which subscription.',
      text: () => jsonFile(scope.couponRedemptions),
    },
    {
      name: 'leads-received.json',
      holds:
        'The requests people sent your business (your business records): the name, email, phone and message each sender chose to send you, and your answer. Nothing else about the senders is included (not their accounts, homes or valuations).',
      text: () => jsonArray(forEachPartner(scope, (partnerId) => eachOf(pagesOf(readStore.collection<PartnerLeadDoc>(PARTNER_LEADS), { partnerId }, OLDEST_FIRST), leadReceived))),
    },
    {
      name: 'lead-charges.json',
      holds: 'What each lead cost you: amount, payment state (Stripe’s reference), and any dispute and refund.',
      text: () => jsonArray(forEachPartner(scope, (partnerId) => eachOf(pagesOf(readStore.collection<LeadChargeDoc>(LEAD_CHARGES), { partnerId }, OLDEST_FIRST), (c) => c))),
    },
    ...historyFiles(stores, scope),
  ];
}

function historyFiles(stores: { readStore: ReadStore; eventStore: EventStore }, scope: ExportScope): ExportFile[] {
  return [
    {
      name: 'history-your-actions.json',
      holds: 'Every change you made, oldest first, from Kāinga’s event log: what, when, and its details when the record is yours.',
      text: () => jsonArray(historyOfActions(stores, scope)),
    },
    {
      name: 'history-of-your-records.json',
      holds: 'What others did to your records (an admin’s decision, a partner’s answer, a valuation finishing, a payment), oldest first, with its details.',
      text: () => jsonArray(historyOfRecords(stores, scope)),
    },
  ];
}
