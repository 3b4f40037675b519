import { ERASED_TEXT } from '@kainga/contracts';
import { applyBatch, matchesFilter, type Doc, type Projector, type ReadStore } from '@kainga/platform';
import { projectedStore, recordedEvents } from '@kainga/platform/testing';
import { describe, expect, it } from 'vitest';
import { activeAdCandidates } from './active-ads';
import { activeContentOfSubscriptions, adContentProjector } from './ad-content';
import { adPlanRequestsProjector } from './ad-plan-requests';
import { allProjectors, erasureProjectorNames } from './index';
import { leadChargesProjector } from './lead-charges';
import { approvedApplications, partnerApplicationsProjector } from './partner-applications';
import { partnerLeadsProjector } from './partner-leads';
import { partnersInLocation, partnersProjector } from './partners';
import { erasedValuesOf, PERSON_ERASED, withPersonErased } from './person-erased';
import { A, A_SIGNED_OUT_LEAD, B, ERASED_AT, erasureOfA, fixtureLog, tracesOf, VISITOR } from './person-erased.fixture';
import { directoryPage } from './property-directory';
import { locatedProperties, propertiesProjector } from './properties';
import { searchKey } from './search-key';
import { usersProjector } from './users';
import { valuationsProjector } from './valuations';

type Snapshot = Record<string, Map<string, Doc>>;

/** Every document of the collections, by id, without the projection's bookkeeping. */
async function snapshot(store: ReadStore, collections: readonly string[]): Promise<Snapshot> {
  const out: Snapshot = {};
  for (const c of collections) out[c] = new Map((await store.collection(c).find({})).map(({ _lastPosition: _, ...d }) => [String(d._id), d]));
  return out;
}

/** The ids, per collection, of the documents that changed or went between two snapshots. */
function touched(before: Snapshot, after: Snapshot): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const [c, docs] of Object.entries(before)) {
    const ids = [...docs.keys(), ...[...after[c]!.keys()].filter((id) => !docs.has(id))].filter((id) => JSON.stringify(docs.get(id)) !== JSON.stringify(after[c]!.get(id)));
    if (ids.length > 0) out[c] = ids.sort();
  }
  return out;
}

const leftOf = (docs: Iterable<Doc>, traces: readonly string[]) => {
  const json = JSON.stringify([...docs]);
  return traces.filter((t) => json.includes(t));
};

/**
 * Given the fixture log projected live by the projector, when A's PersonErased arrives (twice:
 * delivery is at least once), then: the documents before and after, and the store.
 */
async function givenTheLogWhenAIsErased(projector: Projector) {
  const rec = recordedEvents();
  const log = fixtureLog().map((e) => rec(e.stream, e.type, e.data));
  const store = await projectedStore([projector], log);
  const before = await snapshot(store, projector.collections);
  const erasure = rec(`user-${A.userId}`, PERSON_ERASED, erasureOfA());
  expect(matchesFilter(erasure, projector.filter)).toBe(true);
  await applyBatch(store, projector, [erasure], projector.name, (c) => c);
  const once = await store.collection(projector.collections[0]!).find({});
  await applyBatch(store, projector, [erasure], projector.name, (c) => c);
  // The same event again changes nothing, not even the positions.
  expect(await store.collection(projector.collections[0]!).find({})).toEqual(once);
  const after = await snapshot(store, projector.collections);
  return { store, before, after, changed: touched(before, after) };
}

describe('PersonErased in each read model', () => {
  it('users: the account is gone, the other stays', async () => {
    const { after, before, changed } = await givenTheLogWhenAIsErased(usersProjector);
    expect(changed).toEqual({ users: [A.userId] });
    expect(after.users!.has(A.userId)).toBe(false);
    expect(after.users!.get(B.userId)).toEqual(before.users!.get(B.userId));
  });

  it('properties: the address reads as erased and the home leaves the map and the directory; counts and figures stay', async () => {
    const { store, after, before, changed } = await givenTheLogWhenAIsErased(propertiesProjector);
    expect(changed).toEqual({ properties: [A.propertyId] });
    const erased = after.properties!.get(A.propertyId)!;
    expect(erased).toMatchObject({ address: ERASED_TEXT, latitude: null, longitude: null, hidden: true, erasedAt: ERASED_AT, suburb: 'Ponsonby', valuations: 1, ownerId: A.userId });
    expect(erased.search).toEqual({ address: searchKey(ERASED_TEXT), street: searchKey(ERASED_TEXT), suburb: 'ponsonby', city: 'auckland', text: '' });
    expect(leftOf([erased], tracesOf(A))).toEqual([]);
    expect(after.properties!.get(B.propertyId)).toEqual(before.properties!.get(B.propertyId));
    expect((await locatedProperties(store)).map((p) => p._id)).toEqual([B.propertyId]);
    expect(await directoryPage(store, { search: 'ponsonby', offset: 0, limit: 10 })).toMatchObject({ matching: 1, total: 1, rows: [{ _id: B.propertyId }] });
  });

  it('valuations: the address asked for reads as erased, the estimate stays', async () => {
    const { after, before, changed } = await givenTheLogWhenAIsErased(valuationsProjector);
    expect(changed).toEqual({ valuations: [A.valuationId] });
    const erased = after.valuations!.get(A.valuationId)!;
    expect(erased).toMatchObject({ property: { address: ERASED_TEXT, suburb: 'Ponsonby' }, status: 'completed', estimate: { estimatedValue: 1_300_000 }, erasedAt: ERASED_AT });
    expect(leftOf([erased], tracesOf(A))).toEqual([]);
    expect(after.valuations!.get(B.valuationId)).toEqual(before.valuations!.get(B.valuationId));
  });

  it('partners: the profile reads as erased and serves no location; the other partner is found as before', async () => {
    const { store, after, before, changed } = await givenTheLogWhenAIsErased(partnersProjector);
    expect(changed).toEqual({ partners: [A.partnerId], partner_locations: [`${A.partnerId}:auckland`] });
    const erased = after.partners!.get(A.partnerId)!;
    expect(erased).toMatchObject({ ...erasedValuesOf('PartnerEnrolled', 'profile.'), businessName: ERASED_TEXT, contactEmail: '', profileImage: null, erasedAt: ERASED_AT, experienceYears: 12 });
    expect(leftOf([erased], tracesOf(A))).toEqual([]);
    expect(after.partner_locations!.has(`${A.partnerId}:auckland`)).toBe(false);
    expect(after.partners!.get(B.partnerId)).toEqual(before.partners!.get(B.partnerId));
    expect((await partnersInLocation(store, 'auckland')).map((p) => p._id)).toEqual([B.partnerId]);
  });

  it('partner_applications: what the applicant wrote and the rejection reason read as erased; decisions stay; an erased approval is not completed again', async () => {
    const { store, after, changed } = await givenTheLogWhenAIsErased(partnerApplicationsProjector);
    expect(changed).toEqual({ partner_applications: [A.approvedApplicationId, A.rejectedApplicationId].sort() });
    expect(after.partner_applications!.get(A.rejectedApplicationId)).toMatchObject({ businessName: ERASED_TEXT, contactEmail: '', bio: null, businessDescription: '', adminNotes: ERASED_TEXT, applicationStatus: 'rejected', erasedAt: ERASED_AT });
    expect(after.partner_applications!.get(A.approvedApplicationId)).toMatchObject({ businessName: ERASED_TEXT, adminNotes: null, applicationStatus: 'approved', partnerId: A.partnerId });
    expect(leftOf(after.partner_applications!.values(), tracesOf(A))).toEqual([]);
    expect(leftOf(after.partner_applications!.values(), tracesOf(B))).toContain(B.personal.rejection);
    expect((await approvedApplications(store)).map((a) => a._id)).toEqual([B.approvedApplicationId]);
  });

  it("partner_leads: the requests A sent (signed in and out) keep their place in the partner's inbox, marked erased; those A received stay, less A's reply", async () => {
    const { after, before, changed } = await givenTheLogWhenAIsErased(partnerLeadsProjector);
    expect(changed).toEqual({ partner_leads: [A.sentLeadId, A_SIGNED_OUT_LEAD, B.sentLeadId].sort() });
    expect(after.partner_leads!.get(A.sentLeadId)).toMatchObject({
      partnerId: B.partnerId,
      requestMessage: ERASED_TEXT,
      contactName: ERASED_TEXT,
      contactEmail: '',
      contactPhone: null,
      partnerResponse: ERASED_TEXT,
      leadStatus: 'responded',
      erasedAt: ERASED_AT,
    });
    // Never answered: no reply to erase.
    expect(after.partner_leads!.get(A_SIGNED_OUT_LEAD)).toMatchObject({ contactName: ERASED_TEXT, partnerResponse: null, erasedAt: ERASED_AT });
    expect(leftOf([after.partner_leads!.get(A.sentLeadId)!, after.partner_leads!.get(A_SIGNED_OUT_LEAD)!], tracesOf(A))).toEqual([]);
    // B's request to A's partner: B's words stay, A's reply reads as erased; the visitor's (unanswered) is as it was.
    expect(after.partner_leads!.get(B.sentLeadId)).toEqual({ ...before.partner_leads!.get(B.sentLeadId), partnerResponse: ERASED_TEXT });
    expect(after.partner_leads!.get(B.sentLeadId)).toMatchObject({ requestMessage: B.personal.message, contactEmail: B.personal.email });
    expect(after.partner_leads!.get(VISITOR.leadId)).toEqual(before.partner_leads!.get(VISITOR.leadId));
  });

  it('properties, valuations, partner_leads: what the person made while the erasure gathered its ids (so unnamed in it) is erased too', async () => {
    const rec = recordedEvents();
    const log = fixtureLog().map((e) => rec(e.stream, e.type, e.data));
    const unnamed = erasureOfA();
    unnamed.records = { ...unnamed.records, propertyIds: [], valuationIds: [], sentLeadIds: [A_SIGNED_OUT_LEAD] };
    const store = await projectedStore([propertiesProjector, valuationsProjector, partnerLeadsProjector], [...log, rec(`user-${A.userId}`, PERSON_ERASED, unnamed)]);
    expect(await store.collection('properties').findOne({ _id: A.propertyId })).toMatchObject({ address: ERASED_TEXT, hidden: true, erasedAt: ERASED_AT });
    expect(await store.collection('valuations').findOne({ _id: A.valuationId })).toMatchObject({ property: expect.objectContaining({ address: ERASED_TEXT }), erasedAt: ERASED_AT });
    expect(await store.collection('partner_leads').findOne({ _id: A.sentLeadId })).toMatchObject({ requestMessage: ERASED_TEXT, contactEmail: '', erasedAt: ERASED_AT });
    expect(await store.collection('properties').findOne({ _id: B.propertyId })).toMatchObject({ address: B.personal.street });
  });

  it("lead_charges: an erased partner's charges keep their amounts, their dispute's words read as erased", async () => {
    const { after, before, changed } = await givenTheLogWhenAIsErased(leadChargesProjector);
    // A's partner was charged for B's request.
    expect(changed).toEqual({ lead_charges: [B.sentLeadId] });
    expect(after.lead_charges!.get(B.sentLeadId)).toMatchObject({ partnerId: A.partnerId, amount: 25, status: 'succeeded', dispute: { status: 'open', reason: ERASED_TEXT } });
    expect(after.lead_charges!.get(A.sentLeadId)).toEqual(before.lead_charges!.get(A.sentLeadId));
  });

  it("ad_content: an erased partner's advert reads as erased, is paused and never among the active adverts", async () => {
    const { store, after, before, changed } = await givenTheLogWhenAIsErased(adContentProjector);
    expect(changed).toEqual({ ad_content: [A.adContentId] });
    expect(after.ad_content!.get(A.adContentId)).toMatchObject({ title: ERASED_TEXT, description: '', imageUrl: null, ctaUrl: '', status: 'paused', erasedAt: ERASED_AT });
    expect(leftOf([after.ad_content!.get(A.adContentId)!], tracesOf(A))).toEqual([]);
    expect(after.ad_content!.get(B.adContentId)).toEqual(before.ad_content!.get(B.adContentId));
    // A later status event (an admin's resume) cannot show it again.
    const rec = recordedEvents();
    await applyBatch(store, adContentProjector, [rec(`adContent-${A.adContentId}`, 'AdContentResumed', { adContentId: A.adContentId, by: 'u-admin', at: ERASED_AT })], 'ad_content', (c) => c);
    expect((await activeContentOfSubscriptions(store, [A.subscriptionId, B.subscriptionId])).map((c) => c._id)).toEqual([B.adContentId]);
  });

  it("ad_plan_requests: an erased partner's requests leave the admins' list", async () => {
    const { after, changed } = await givenTheLogWhenAIsErased(adPlanRequestsProjector);
    expect(changed).toEqual({ ad_plan_requests: [`adPlanRequest-${A.partnerId}-plan-silver-auckland`] });
    expect([...after.ad_plan_requests!.keys()]).toEqual([`adPlanRequest-${B.partnerId}-plan-silver-auckland`]);
  });

  const subscribed = new Set([usersProjector, propertiesProjector, valuationsProjector, partnersProjector, partnerApplicationsProjector, partnerLeadsProjector, leadChargesProjector, adContentProjector, adPlanRequestsProjector].map((p) => p.name));
  it.each(allProjectors.filter((p) => !subscribed.has(p.name)).map((p) => [p.name, p] as const))('%s holds no personal text of anyone, so an erasure has nothing to change there', async (_, projector) => {
    const rec = recordedEvents();
    const store = await projectedStore([projector], fixtureLog().map((e) => rec(e.stream, e.type, e.data)));
    const docs = await snapshot(store, projector.collections);
    const all = Object.values(docs).flatMap((m) => [...m.values()]);
    expect(leftOf(all, [...tracesOf(A), ...tracesOf(B), VISITOR.name, VISITOR.email, VISITOR.phone, VISITOR.message])).toEqual([]);
    expect(matchesFilter(rec(`user-${A.userId}`, PERSON_ERASED, erasureOfA()), projector.filter)).toBe(projector.name === 'audit_log');
  });

  it('active adverts: a candidate of an erased partner is gone once the ad_content, partners and users read models followed the erasure', async () => {
    const rec = recordedEvents();
    const log = fixtureLog().map((e) => rec(e.stream, e.type, e.data));
    const store = await projectedStore(allProjectors, log);
    expect((await activeAdCandidates(store, 'auckland')).map((c) => c.content._id).sort()).toEqual([A.adContentId, B.adContentId]);
    const erasure = rec(`user-${A.userId}`, PERSON_ERASED, erasureOfA());
    for (const projector of allProjectors) if (matchesFilter(erasure, projector.filter)) await applyBatch(store, projector, [erasure], projector.name, (c) => c);
    expect((await activeAdCandidates(store, 'auckland')).map((c) => c.content._id)).toEqual([B.adContentId]);
  });
});

describe('withPersonErased', () => {
  it('lets the erasure through beside the types and streams of the projector', () => {
    expect(withPersonErased({ eventTypes: ['A'], streamPrefixes: ['a-'] })).toEqual({ eventTypes: ['A', PERSON_ERASED], streamPrefixes: ['a-', 'user-'] });
    expect(withPersonErased({ eventTypes: ['A'], streamPrefixes: ['user-'] })).toEqual({ eventTypes: ['A', PERSON_ERASED], streamPrefixes: ['user-'] });
  });
});

describe('erasureProjectorNames', () => {
  it('names every read model an erasure changes, and the history that records it', () => {
    expect([...erasureProjectorNames].sort()).toEqual(['ad_content', 'ad_plan_requests', 'audit_log', 'lead_charges', 'partner_applications', 'partner_leads', 'partners', 'properties', 'users', 'valuations']);
  });
});
