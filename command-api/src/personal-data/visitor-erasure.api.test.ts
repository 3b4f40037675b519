import { ERASURE_REASON_NAMES_PERSON, VISITOR_HAS_ACCOUNT, VISITOR_NOT_FOUND, visitorErasureStream } from '@kainga/contracts';
import { OutboxEmailSender, outboxDirOf, readOutbox, visitorPersonOf, waitForProjection } from '@kainga/platform';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, makePartner, registerAdmin, startTestApp, type TestApp } from '../testing/test-app';

const PASSWORD = 'correct horse battery';
let t: TestApp;
let admin: ReturnType<typeof client>;
let partnerId: string;
let partner: ReturnType<typeof client>;

beforeAll(async () => {
  t = await startTestApp({ ADMIN_EMAILS: 'admin@visitors.example.nz' });
  admin = client(t.app);
  await registerAdmin(t, admin, 'admin@visitors.example.nz', PASSWORD);
  partner = client(t.app);
  const me = await partner.register('broker@visitors.example.nz', PASSWORD);
  partnerId = await makePartner(t.stores, me.id, 'mortgage_broker', ['auckland'], { businessName: 'Visitor Loans' });
});
afterAll(() => t.close());

const write = (from: string, email: string, message: string) => client(t.app, { remoteAddress: from }).post(`/api/partners/${partnerId}/contact`, { name: 'Rangi Visitor', email, phone: '027 555 0199', message });
const inbox = async () => {
  await waitForProjection(t.stores.readStore, 'partner_leads', await t.stores.eventStore.headPosition());
  return (await partner.get('/api/partner-leads')).json() as { id: string; contactName: string; contactEmail: string; contactPhone: string | null; requestMessage: string }[];
};

describe('POST /api/admin/visitors/erase', () => {
  it('erases what a signed-out visitor sent, however they typed their address; the partner keeps the requests, marked erased; another visitor’s stay', async () => {
    const first = (await write('10.7.0.1', 'Rangi.Visitor@Example.nz', 'Please call me about refinancing 12 Kererū Lane')).json().id as string;
    const second = (await write('10.7.0.2', 'rangi.visitor@example.nz', 'Following up on my message')).json().id as string;
    const other = (await write('10.7.0.3', 'someone.else@example.nz', 'A different person asking')).json().id as string;
    // Mail to each of them (as a confirmation would be), in the embedded outbox.
    const outbox = new OutboxEmailSender(outboxDirOf(t.deps.config), 'Kāinga <no-reply@kainga.nz>');
    await outbox.send({ id: `to-rangi-${first}`, to: 'rangi.visitor@example.nz', subject: 'Your message was sent', text: 'Kia ora Rangi' });
    await outbox.send({ id: `to-other-${other}`, to: 'someone.else@example.nz', subject: 'Your message was sent', text: 'Kia ora' });

    const res = await admin.post('/api/admin/visitors/erase', { email: ' RANGI.visitor@example.nz ', reason: 'Email request of 2 December, ticket 5120' });
    expect(res.statusCode, res.body).toBe(204);

    const leads = await inbox();
    for (const id of [first, second]) {
      const lead = leads.find((l) => l.id === id)!;
      expect(lead).toMatchObject({ contactEmail: '', contactPhone: null });
      expect(JSON.stringify(lead)).not.toMatch(/Rangi|Kererū|Following up/);
    }
    expect(leads.find((l) => l.id === other)).toMatchObject({ contactEmail: 'someone.else@example.nz', requestMessage: 'A different person asking' });

    // Recorded with the reason and the admin, naming the requests by id and the visitor by a keyed digest only.
    const visitor = visitorPersonOf(await t.stores.personalKeys.visitorSecret(), 'rangi.visitor@example.nz');
    const [erased] = await t.stores.eventStore.readStream(visitorErasureStream(visitor));
    expect(erased?.data).toMatchObject({ reason: 'Email request of 2 December, ticket 5120', sentLeadIds: expect.arrayContaining([first, second]), visitor });
    expect(JSON.stringify(erased)).not.toMatch(/rangi/i);
    // The log's own bytes no longer hold their words (the keys are gone), and the outbox holds none of their mail.
    const log = ['events.sqlite', 'events.sqlite-wal']
      .map((f) => join(t.dataDir, f))
      .filter(existsSync)
      .map((f) => readFileSync(f).toString('utf8'))
      .join('');
    expect(log).not.toContain('Kererū Lane');
    const recipients = (await readOutbox(outboxDirOf(t.deps.config))).map((m) => m.to);
    expect(recipients).toContain('someone.else@example.nz');
    expect(recipients).not.toContain('rangi.visitor@example.nz');

    // Nothing is left to erase from that address.
    const again = await admin.post('/api/admin/visitors/erase', { email: 'rangi.visitor@example.nz', reason: 'Email request of 2 December, ticket 5120' });
    expect([again.statusCode, again.json().message]).toEqual([404, VISITOR_NOT_FOUND]);
  });

  it('refuses an account’s address (erase the account instead), bad input, and anyone but an admin', async () => {
    const member = client(t.app);
    await member.register('member@visitors.example.nz', PASSWORD);
    const account = await admin.post('/api/admin/visitors/erase', { email: 'member@visitors.example.nz', reason: 'Email request, ticket 1' });
    expect([account.statusCode, account.json().message]).toEqual([409, VISITOR_HAS_ACCOUNT]);
    const bad = await admin.post('/api/admin/visitors/erase', { email: 'not an address', reason: 'Email request, ticket 1' });
    expect(bad.statusCode).toBe(400);
    expect((await admin.post('/api/admin/visitors/erase', { email: 'x@example.nz', reason: '' })).statusCode).toBe(400);
    const named = await admin.post('/api/admin/visitors/erase', { email: 'x@example.nz', reason: 'Asked by X@example.nz on 2 Dec' });
    expect([named.statusCode, named.json().message]).toEqual([400, ERASURE_REASON_NAMES_PERSON]);
    expect((await member.post('/api/admin/visitors/erase', { email: 'someone.else@example.nz', reason: 'Email request, ticket 1' })).statusCode).toBe(403);
    expect((await client(t.app).post('/api/admin/visitors/erase', { email: 'someone.else@example.nz', reason: 'Email request, ticket 1' })).statusCode).toBe(401);
    // The other visitor's request is untouched by all of that.
    expect((await inbox()).some((l) => l.contactEmail === 'someone.else@example.nz')).toBe(true);
  });
});
