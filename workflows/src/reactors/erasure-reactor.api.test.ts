import { emailSenderOf, publicOrigin, userDecider, userStream } from '@kainga/command-api';
import { client, makePartner, startTestApp, type TestApp } from '@kainga/command-api/testing';
import { ERASED_TEXT } from '@kainga/contracts';
import { handleCommand, readOutbox, visitorPersonOf } from '@kainga/platform';
import { waitFor } from '@kainga/platform/testing';
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { erasureReactor } from './erasure-reactor';
import { leadEmailsReactor } from './lead-emails';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({}, {}, { reactors: (deps) => [erasureReactor(deps), leadEmailsReactor({ eventStore: deps.stores.eventStore, email: emailSenderOf(deps), origin: publicOrigin(deps.config) })] });
});
afterAll(() => t.close());

describe('the erasure reactor', () => {
  it('finishes an erasure whose process stopped right after recording it: keys, password, sessions and mail', async () => {
    const broker = client(t.app);
    const b = await broker.register('reactor.broker@example.nz');
    const partnerId = await makePartner(t.stores, b.id, 'mortgage_broker', ['auckland'], { contactEmail: 'leads@reactor-broker.example.nz' });
    const person = client(t.app);
    const { id } = await person.register('half.erased@example.nz', 'correct horse battery', 'Half', 'Erased');
    const lead = (await person.post('/api/partner-contacts', { partnerId, message: 'Please call me, Half' })).json() as { id: string };
    await waitFor(async () => (await readOutbox(join(t.dataDir, 'outbox'))).some((m) => m.text.includes('Please call me, Half')));

    // What erasePerson records before its effects, and nothing after: as if the process died there.
    const secret = await t.stores.personalKeys.visitorSecret();
    const records = { partnerIds: [], propertyIds: [], valuationIds: [], sentLeadIds: [lead.id], applicationIds: [], adContentIds: [], subscriptionIds: [], uploads: [] };
    const at = new Date().toISOString();
    await handleCommand(
      t.stores.eventStore,
      userDecider,
      userStream(id),
      { type: 'EraseUser', requestedBy: 'self', by: id, reason: null, records, persons: [id, visitorPersonOf(secret, 'half.erased@example.nz')], scopes: [`user:${id}`, `lead:${lead.id}`], at },
      { idempotencyKey: randomUUID(), metadata: { actorId: id, actorRoles: ['general'], correlationId: randomUUID(), causationId: null, occurredAt: at } },
    );

    await waitFor(async () => (await t.stores.credentials.get(id)) === null);
    expect((await t.stores.eventStore.readStream(userStream(id)))[0]!.data).toMatchObject({ firstName: ERASED_TEXT, email: '' });
    expect((await t.stores.eventStore.readStream(`partnerLead-${lead.id}`))[0]!.data).toMatchObject({ requestMessage: ERASED_TEXT });
    expect(await t.stores.readStore.collection('sessions').find({ 'sess.userId': id })).toEqual([]);
    expect((await person.get('/api/auth/user')).statusCode).toBe(401);
    // The partner's copy of the request, in the outbox, went with it; the partner's other mail stays.
    const mail = await readOutbox(join(t.dataDir, 'outbox'));
    expect(mail.some((m) => m.text.includes('Please call me, Half'))).toBe(false);
  });
});
