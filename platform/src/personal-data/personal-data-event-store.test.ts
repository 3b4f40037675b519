import { ERASED_TEXT, type EventMetadata } from '@kainga/contracts';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SqliteEventStore } from '../event-store/sqlite-event-store';
import type { RecordedEvent } from '../event-store/event-store';
import { CachedVaultKeys } from './cached-vault-keys';
import { PersonalDataEventStore } from './personal-data-event-store';
import { visitorPersonOf } from './personal-data-vault';
import { PersonalEventCodec } from './personal-event-codec';
import { SqlitePersonalDataVault } from './sqlite-personal-data-vault';

const metadata: EventMetadata = { actorId: null, actorRoles: [], correlationId: 'c', causationId: null, occurredAt: '2026-12-02T00:00:00.000Z' };
const registered = (userId: string, email: string, firstName: string) => ({
  id: `00000000-0000-4000-8000-${userId.padStart(12, '0')}`,
  type: 'UserRegistered',
  data: { userId, email, firstName, lastName: 'Ngata', roles: ['general'], profileImageUrl: null, provider: 'password', registeredAt: '2026-12-02T00:00:00.000Z' },
  metadata,
});

let dir: string;
let log: SqliteEventStore;
let vault: SqlitePersonalDataVault;
let keys: CachedVaultKeys;
let store: PersonalDataEventStore;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'kainga-sealed-log-'));
  log = new SqliteEventStore(join(dir, 'events.sqlite'));
  vault = new SqlitePersonalDataVault(join(dir, 'personal-keys.sqlite'));
  keys = new CachedVaultKeys(vault);
  store = new PersonalDataEventStore(log, new PersonalEventCodec(keys));
});
afterEach(async () => {
  await store.close();
  await vault.close();
  rmSync(dir, { recursive: true, force: true });
});
const logBytes = () => Buffer.concat([readFileSync(join(dir, 'events.sqlite')), readFileSync(join(dir, 'events.sqlite-wal'))]).toString('latin1');

describe('the event store with personal data sealed', () => {
  it('stores personal fields only sealed, and reads them back as written', async () => {
    const event = registered('1', 'aroha.ngata@example.nz', 'Aroha');
    await store.append('user-1', [event], { expectedRevision: 'no_stream' });
    expect(logBytes()).not.toContain('aroha.ngata@example.nz');
    expect(logBytes()).not.toContain('Aroha');
    // Not personal: stays readable in the log itself.
    expect((await log.readStream('user-1'))[0]!.data).toMatchObject({ userId: '1', roles: ['general'], provider: 'password' });
    expect((await log.readStream('user-1'))[0]!.data).not.toHaveProperty('email');

    const [read] = await store.readStream('user-1');
    expect(read!.data).toEqual(event.data);
    expect(read!.personalDataErased).toBeUndefined();
    expect((await store.readAll())[0]!.data).toEqual(event.data);
  });

  it('keeps a retried append idempotent', async () => {
    const event = registered('1', 'a@example.nz', 'Aroha');
    await store.append('user-1', [event], { expectedRevision: 'no_stream' });
    await store.append('user-1', [event], { expectedRevision: 'no_stream' });
    expect(await store.readStream('user-1')).toHaveLength(1);
  });

  it('reads erased fields as erased once the person is erased, and drops what is written about them later', async () => {
    await store.append('user-1', [registered('1', 'a@example.nz', 'Aroha')], { expectedRevision: 'no_stream' });
    await store.append('user-2', [registered('2', 'b@example.nz', 'Bea')], { expectedRevision: 'no_stream' });
    expect(await keys.erase({ persons: ['1'], at: '2026-12-02T01:00:00.000Z' })).toEqual(['user:1']);

    const [erased] = await store.readStream('user-1');
    expect(erased!.data).toMatchObject({ userId: '1', firstName: ERASED_TEXT, lastName: '', email: '', profileImageUrl: null, roles: ['general'] });
    expect(erased!.personalDataErased).toBe(true);
    expect((await store.readStream('user-2'))[0]!.data).toMatchObject({ firstName: 'Bea', email: 'b@example.nz' });

    await store.append('user-1', [{ id: '00000000-0000-4000-8000-0000000000a1', type: 'UserProfileChanged', data: { userId: '1', firstName: 'Again', lastName: 'X', email: 'again@example.nz', changedAt: 'now' }, metadata }], { expectedRevision: 0 });
    expect(logBytes()).not.toContain('again@example.nz');
    expect((await store.readStream('user-1'))[1]!.data).toMatchObject({ firstName: ERASED_TEXT, email: '' });
  });

  it('seals nested fields, links a scope to its person, and names a visitor by a keyed digest of the email', async () => {
    const profile = { businessName: 'Ngata Valuers', licenseNumber: 'L1', experienceYears: 9, contactEmail: 'office@ngata.nz', contactPhone: '021 555 0101', businessDescription: 'Homes', bio: null, videoLink: null, officeSize: 3, profileImage: null, companyImage: null };
    await store.append('partner-p1', [{ id: '00000000-0000-4000-8000-0000000000b1', type: 'PartnerEnrolled', data: { partnerId: 'p1', userId: 'u9', role: 'registered_valuer', profile, source: { via: 'admin' }, approvedBy: 'a', approvedAt: 'now', demo: false }, metadata }], { expectedRevision: 'no_stream' });
    const lead = { leadId: 'l1', partnerId: 'p1', userId: null, origin: 'directory', serviceType: 'valuation', propertyId: null, locationId: 'auckland', requestMessage: 'Please value 12 Rata Street', contactName: 'Mere Visitor', contactEmail: 'Mere@Example.nz', contactPhone: '022 123 4567', receivedAt: 'now', demo: false };
    await store.append('partnerLead-l1', [{ id: '00000000-0000-4000-8000-0000000000c1', type: 'PartnerLeadReceived', data: lead, metadata }], { expectedRevision: 'no_stream' });
    for (const text of ['office@ngata.nz', '021 555 0101', 'Ngata Valuers', '12 Rata Street', 'Mere', '022 123 4567']) expect(logBytes()).not.toContain(text);

    const [enrolled] = await store.readStream('partner-p1');
    expect((enrolled!.data as { profile: object }).profile).toEqual(profile);
    expect((await store.readStream('partnerLead-l1'))[0]!.data).toEqual(lead);

    // The visitor is erased by their email (any case), the partner by their user id.
    const visitor = visitorPersonOf(await vault.visitorSecret(), ' mere@example.NZ');
    expect(await keys.erase({ persons: [visitor, 'u9'], at: 'later' })).toEqual(expect.arrayContaining(['lead:l1', 'partner:p1']));
    expect((await store.readStream('partnerLead-l1'))[0]!.data).toMatchObject({ leadId: 'l1', partnerId: 'p1', contactName: ERASED_TEXT, contactEmail: '', contactPhone: null, requestMessage: ERASED_TEXT });
    expect((enrolled!.data as { profile: object }).profile).toEqual(profile); // what was read before is not changed under its reader
    expect(((await store.readStream('partner-p1'))[0]!.data as { profile: object }).profile).toMatchObject({ businessName: ERASED_TEXT, contactEmail: '', experienceYears: 9, officeSize: 3 });
  });

  it('hands subscribers opened events', async () => {
    await store.append('user-1', [registered('1', 'a@example.nz', 'Aroha')], { expectedRevision: 'no_stream' });
    const seen: RecordedEvent[] = [];
    const sub = store.subscribe({ onBatch: async (events) => void seen.push(...events) });
    await new Promise<void>((resolve) => {
      const wait = () => (seen.length ? resolve() : setTimeout(wait, 10));
      wait();
    });
    await sub.stop();
    expect(seen[0]!.data).toMatchObject({ email: 'a@example.nz', firstName: 'Aroha' });
  });

  it('leaves events without personal fields as they are', async () => {
    const sale = { id: '00000000-0000-4000-8000-0000000000d1', type: 'SaleRecorded', data: { saleId: 's1', address: '1 Public Road', price: 900000 }, metadata };
    await store.append('sale-s1', [sale], { expectedRevision: 'no_stream' });
    expect((await log.readStream('sale-s1'))[0]!.data).toEqual(sale.data);
    expect((await store.readStream('sale-s1'))[0]!.data).toEqual(sale.data);
  });
});
