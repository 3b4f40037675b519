import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ERASED_TEXT } from '@kainga/contracts';
import { applyBatch, EmbeddedReadStore, ensureIndexes, openStores, rebuildProjections, visitorPersonOf, type Doc, type ReadStore, type Stores } from '@kainga/platform';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allProjectors } from './index';
import { PERSON_ERASED } from './person-erased';
import { A, A_SIGNED_OUT_LEAD, B, erasureOfA, fixtureLog, tracesOf, VISITOR } from './person-erased.fixture';

const metadata = { actorId: 'u-test', actorRoles: [], correlationId: 'erasure-test', causationId: null, occurredAt: '' };

/** The live projection as the runner makes it: each projector reads what its filter selects after its checkpoint. */
async function catchUp(stores: Stores) {
  for (const projector of allProjectors) {
    const after = await stores.readStore.getCheckpoint(projector.name);
    const events = await stores.eventStore.readAll({ after, filter: projector.filter, limit: 10_000 });
    if (events.length > 0) await applyBatch(stores.readStore, projector, events, projector.name, (c) => c);
  }
}

/** Every document of every read model, by collection, sorted by id, without the position stamps (a batch's, so they depend on batch sizes). */
async function everyDocument(store: ReadStore): Promise<Record<string, Doc[]>> {
  const out: Record<string, Doc[]> = {};
  for (const projector of allProjectors) {
    for (const c of projector.collections) out[c] = (await store.collection(c).find({}, { sort: { _id: 1 } })).map(({ _lastPosition: _, ...doc }) => doc);
  }
  return out;
}

const found = (haystack: string, needles: readonly string[]) => needles.filter((n) => haystack.includes(n));

let stores: Stores;
let dataDir: string;
let live: Record<string, Doc[]>;

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'erasure-rebuild-'));
  stores = await openStores({ DATA_DIR: dataDir, EVENTSTORE_URL: undefined, MONGO_URL: undefined, MONGO_DB: 'kainga' });
  for (const e of fixtureLog()) await stores.eventStore.append(e.stream, [{ id: randomUUID(), type: e.type, data: e.data, metadata }], { expectedRevision: 'any' });
  await ensureIndexes(stores.readStore, allProjectors);
  await catchUp(stores);
  // The fixture reached the read models with A's details.
  expect(found(JSON.stringify(await everyDocument(stores.readStore)), [A.personal.email, A.personal.street, A.personal.business])).toHaveLength(3);

  // A is erased as the erasure command does it: PersonErased on their stream, then their keys destroyed.
  const erasure = erasureOfA();
  const secret = await stores.personalKeys.visitorSecret();
  erasure.persons = [A.userId, visitorPersonOf(secret, A.personal.email)];
  await stores.eventStore.append(`user-${A.userId}`, [{ id: randomUUID(), type: PERSON_ERASED, data: erasure, metadata: { ...metadata, actorId: 'u-admin' } }], { expectedRevision: 'any' });
  await stores.personalKeys.erase({ persons: erasure.persons, scopes: erasure.scopes, at: erasure.at });
  await catchUp(stores);
  await stores.readStore.purgeFreedBytes();
  live = await everyDocument(stores.readStore);
}, 60_000);
afterAll(() => stores?.close());

describe('every read model after an erasure', () => {
  it("holds none of A's name, emails, phones, address, messages or business details, and B's and the visitor's remain", () => {
    const json = JSON.stringify(live);
    expect(found(json, tracesOf(A, [`${A.personal.firstName} again, signed out`]))).toEqual([]);
    expect(found(json, [B.personal.firstName, B.personal.email, B.personal.phone, B.personal.street, B.personal.message, B.personal.business, B.personal.businessEmail, B.personal.bio, B.personal.advertTitle])).toHaveLength(9);
    expect(found(json, [VISITOR.name, VISITOR.email, VISITOR.phone, VISITOR.message])).toHaveLength(4);
  });

  it("keeps what is not personal: B's request to A's partner, the charges, the counts, and the erasure in the history with who did it", () => {
    const byId = (c: string, id: string) => live[c]!.find((d) => d._id === id);
    expect(byId('partner_leads', A.sentLeadId)).toMatchObject({ partnerId: B.partnerId, contactName: ERASED_TEXT, leadStatus: 'responded', partnerResponse: ERASED_TEXT });
    expect(byId('partner_leads', A_SIGNED_OUT_LEAD)).toMatchObject({ contactName: ERASED_TEXT, contactEmail: '' });
    expect(byId('lead_charges', B.sentLeadId)).toMatchObject({ partnerId: A.partnerId, amount: 25, status: 'succeeded' });
    expect(live.users!.map((u) => u._id)).toEqual([B.userId]);
    expect(live.properties!.map((p) => p._id).sort()).toEqual([A.propertyId, B.propertyId]);
    expect(live.activity!.find((d) => d.type === 'user')).toMatchObject({ count: 2 });
    expect(live.audit_log!.filter((d) => d.type === PERSON_ERASED)).toEqual([expect.objectContaining({ stream: `user-${A.userId}`, actorId: 'u-admin' })]);
  });

  it("leaves no byte of A's in the read store's files (database and WAL)", () => {
    const bytes = ['read-models.sqlite', 'read-models.sqlite-wal'].map((f) => join(dataDir, f)).filter(existsSync).map((f) => readFileSync(f).toString('utf8')).join('\n');
    expect(bytes).toContain(B.personal.email);
    expect(found(bytes, tracesOf(A))).toEqual([]);
  });

  it('is rebuilt from the log (A\'s events read erased, then PersonErased) into the same documents as the live projection', async () => {
    const rebuilt = new EmbeddedReadStore(join(mkdtempSync(join(tmpdir(), 'erasure-rebuilt-')), 'r.sqlite'));
    // The log as a rebuild reads it: A's fields already erased.
    const registered = (await stores.eventStore.readStream(`user-${A.userId}`))[0]!;
    expect(registered).toMatchObject({ personalDataErased: true, data: { firstName: ERASED_TEXT, email: '' } });
    await rebuildProjections({ eventStore: stores.eventStore, readStore: rebuilt }, allProjectors, { batchSize: 7 });
    const again = await everyDocument(rebuilt);
    for (const collection of Object.keys(live)) expect({ collection, docs: again[collection] }).toEqual({ collection, docs: live[collection] });
    await rebuilt.close();
  });
});
