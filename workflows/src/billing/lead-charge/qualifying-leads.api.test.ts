import { LEAD_CHARGES_PER_PARTNER_PER_DAY } from '@kainga/command-api';
import { client } from '@kainga/command-api/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLeadChargeApp, type LeadChargeApp } from './test-lead-charges';

/**
 * Issue 48, finding 3: junk leads were charged, one PaymentIntent each. Only a lead worth paying
 * for is charged now; these count the PaymentIntents on the Stripe stand-in.
 */
describe('only leads worth paying for are charged (Stripe through the local stand-in)', () => {
  let a: LeadChargeApp;
  beforeAll(async () => {
    a = await startLeadChargeApp();
  });
  afterAll(() => a?.close());

  const enquiry = { name: 'Junk Sender', email: 'junk@example.nz', phone: '021 000 0000', message: 'Call me about a valuation please.' };
  const leadIdsOf = async (broker: ReturnType<typeof client>) => ((await broker.get('/api/partner-leads')).json() as { id: string }[]).map((l) => l.id);

  it('makes 25 identical signed-out enquiries from 25 addresses one lead, charges no signed-out enquiry, and holds the flood back past the partner’s hourly limit', async () => {
    const { client: broker, partnerId } = await a.payingPartner('dialog@junk.example.nz');
    const answers = [];
    for (let i = 1; i <= 25; i++) answers.push(await client(a.t.app, { remoteAddress: `10.60.0.${i}` }).post(`/api/partners/${partnerId}/contact`, enquiry));
    expect(answers.map((r) => r.statusCode)).toEqual([...Array(20).fill(201), ...Array(5).fill(429)]);
    expect(answers[20]!.json().message).toMatch(/^This professional has received a lot of messages in the last hour\. Please try again in \d+ minutes?, or sign in and send it from your account\.$/);
    // Every sender let through is told it was sent, and it is the one lead.
    const ids = new Set(answers.slice(0, 20).map((r) => r.json().id as string));
    expect(ids.size).toBe(1);
    expect(await leadIdsOf(broker)).toEqual([...ids]);

    await a.reacted();
    expect(a.paymentIntentsOf(partnerId)).toEqual([]);
    expect((await broker.get('/api/billing/history')).json().entries).toEqual([]);
  });

  it('charges one signed-in sender’s enquiry once, sent from any number of addresses, and refuses them past their hourly limit', async () => {
    const { client: broker, partnerId } = await a.payingPartner('signed-in@junk.example.nz');
    const sender = await a.owner();
    const answers = [];
    for (let i = 1; i <= 25; i++) {
      const elsewhere = client(a.t.app, { remoteAddress: `10.61.0.${i}` });
      elsewhere.cookie = sender.cookie;
      answers.push(await elsewhere.post(`/api/partners/${partnerId}/contact`, enquiry));
    }
    expect(answers.map((r) => r.statusCode)).toEqual([...Array(10).fill(201), ...Array(15).fill(429)]);
    expect(answers[10]!.json().message).toMatch(/^You have sent too many messages to professionals in the last hour\. Please wait \d+ minutes? and try again\.$/);
    const [leadId] = await leadIdsOf(broker);
    expect(new Set(answers.slice(0, 10).map((r) => r.json().id))).toEqual(new Set([leadId]));

    expect(await a.chargeOf(leadId!)).toMatchObject({ status: 'succeeded', amount: 25 });
    await a.reacted();
    expect(a.paymentIntentsOf(partnerId).map((pi) => pi.metadata.leadId)).toEqual([leadId]);
  });

  it('charges the same contact sent again and again from one account once: the repeats reach the partner free', async () => {
    const { client: broker, partnerId } = await a.payingPartner('repeats@junk.example.nz');
    const sender = await a.owner();
    const sent = [];
    for (const message of ['Kia ora, can you help with a loan?', 'Kia ora, can you help with a loan?', 'Just following up on my message.', 'Hello? Please call me back.']) {
      const res = await sender.post('/api/partner-contacts', { partnerId, message });
      expect(res.statusCode, res.body).toBe(201);
      sent.push(res.json().id as string);
    }
    // The same words again are the first lead; new words are repeats of it, in the partner's inbox.
    expect(sent[1]).toBe(sent[0]);
    expect((await leadIdsOf(broker)).sort()).toEqual([sent[0], sent[2], sent[3]].sort());

    await a.reacted();
    expect(a.paymentIntentsOf(partnerId).map((pi) => pi.metadata.leadId)).toEqual([sent[0]]);
    expect(await a.history(sent[2]!)).toEqual([]);
    expect((await broker.get('/api/billing/history')).json().summary).toMatchObject({ totalBilled: 25 });
  });

  it('makes parallel identical requests one lead and one charge', async () => {
    const { client: broker, partnerId } = await a.payingPartner('parallel@junk.example.nz');
    const sender = await a.owner();
    const answers = await Promise.all(Array.from({ length: 8 }, () => sender.post('/api/partner-contacts', { partnerId, message: 'Sent from every tab at once.' })));
    expect(answers.map((r) => r.statusCode)).toEqual(Array(8).fill(201));
    const ids = new Set(answers.map((r) => r.json().id as string));
    expect(ids.size).toBe(1);
    expect(await leadIdsOf(broker)).toEqual([...ids]);

    await a.reacted();
    expect(a.paymentIntentsOf(partnerId)).toHaveLength(1);
  });

  it(`charges a partner for at most ${LEAD_CHARGES_PER_PARTNER_PER_DAY} leads a day: the rest reach it free`, async () => {
    const { client: broker, partnerId } = await a.payingPartner('busy@junk.example.nz');
    const leads = [];
    for (let i = 0; i <= LEAD_CHARGES_PER_PARTNER_PER_DAY; i++) leads.push(await a.sendLead(partnerId, `Request number ${i}`));
    expect(await leadIdsOf(broker)).toHaveLength(LEAD_CHARGES_PER_PARTNER_PER_DAY + 1);

    await a.reacted();
    expect(a.paymentIntentsOf(partnerId).map((pi) => pi.metadata.leadId).sort()).toEqual(leads.slice(0, LEAD_CHARGES_PER_PARTNER_PER_DAY).sort());
    expect(await a.history(leads.at(-1)!)).toEqual([]);
  });
});
