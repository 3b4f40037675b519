import { emailSenderOf, publicOrigin } from '@kainga/command-api';
import { client, makePartner, startTestApp, type TestApp } from '@kainga/command-api/testing';
import { readOutbox, ReactorRunner, reactorCheckpoint } from '@kainga/platform';
import { waitFor } from '@kainga/platform/testing';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LEAD_EMAILS_REACTOR, leadEmailsReactor } from './lead-emails';

let t: TestApp;
const reactorOf = (deps: TestApp['deps']) => leadEmailsReactor({ eventStore: deps.stores.eventStore, email: emailSenderOf(deps), origin: publicOrigin(deps.config) });
const outbox = () => readOutbox(join(t.dataDir, 'outbox'));
const mailTo = async (to: string) => (await outbox()).filter((m) => m.to === to);

beforeAll(async () => {
  t = await startTestApp({}, {}, { reactors: (deps) => [reactorOf(deps)] });
});
afterAll(() => t.close());

describe('the lead emails reactor', () => {
  it('emails the partner a new request and the client the response, each once, even when the reactor replays from an old checkpoint', async () => {
    const broker = client(t.app);
    const b = await broker.register('broker@example.nz');
    const partnerId = await makePartner(t.stores, b.id, 'mortgage_broker', ['auckland'], { businessName: 'Harbour Mortgages', contactEmail: 'leads@harbour.example.nz' });
    const owner = client(t.app);
    await owner.register('owner@example.nz', undefined, 'Aroha', 'Ngata');
    const lead = (await owner.post('/api/partner-contacts', { partnerId, message: 'Kia ora, can you help with a loan for our first home?' })).json();

    await waitFor(async () => (await mailTo('leads@harbour.example.nz')).length === 1);
    const enquiry = (await mailTo('leads@harbour.example.nz'))[0]!;
    expect(enquiry.subject).toBe('New enquiry from Aroha Ngata');
    expect(enquiry.text).toContain('Kia ora, can you help with a loan for our first home?');
    expect(enquiry.text).toContain('http://localhost:3000/partner-dashboard');

    expect((await broker.post(`/api/partner-leads/${lead.id}/respond`, { response: 'Happy to help. Call me on 021 555 0101.' })).statusCode).toBe(200);
    await waitFor(async () => (await mailTo('owner@example.nz')).length === 1);
    const reply = (await mailTo('owner@example.nz'))[0]!;
    expect(reply.subject).toBe('Harbour Mortgages has responded to your enquiry');
    expect(reply.text).toContain('Happy to help. Call me on 021 555 0101.');
    expect(reply.text).toContain('http://localhost:3000/messages');

    // A restart from the very beginning (a lost checkpoint) replays both events: nothing is sent twice.
    await t.reactors!.stop();
    await t.stores.readStore.deleteCheckpoint(reactorCheckpoint(LEAD_EMAILS_REACTOR));
    const replay = new ReactorRunner({ eventStore: t.stores.eventStore, readStore: t.stores.readStore, reactors: [reactorOf(t.deps)], logger: t.deps.logger });
    await replay.start();
    const head = await t.stores.eventStore.headPosition();
    await waitFor(async () => replay.statuses()[0]!.caughtUp && (await t.stores.readStore.getCheckpoint(reactorCheckpoint(LEAD_EMAILS_REACTOR))) === head);
    await replay.stop();
    expect(await mailTo('owner@example.nz')).toHaveLength(1);
    expect(await mailTo('leads@harbour.example.nz')).toHaveLength(1);
  });
});
