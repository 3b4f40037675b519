import { client, makePartner, postImage, solidImage } from '@kainga/command-api/testing';
import { ERASED_TEXT } from '@kainga/contracts';
import { readOutbox } from '@kainga/platform';
import { waitFor } from '@kainga/platform/testing';
import type { FastifyInstance } from 'fastify';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startKainga, type Kainga } from '../server';

/** Every file under DATA_DIR, each read whole as stored (the databases, their write-ahead logs, blobs, mail). */
function storedFiles(dir: string): { file: string; text: string }[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .map((name) => join(dir, name))
    .filter((file) => statSync(file).isFile())
    .map((file) => ({ file, text: readFileSync(file).toString('utf8') }));
}

const PASSWORD = 'correct horse battery';
/** The person erased: an owner who valued a home and wrote to a partner, and a partner themselves. */
const erased = {
  first: 'Wiremu',
  last: 'Tawhirimatea',
  email: 'wiremu.tawhirimatea@example.nz',
  street: '27 Kōwhaiwhai Crescent',
  phone: '+64 21 444 5555',
  business: 'Tawhirimatea Valuers',
  businessEmail: 'desk@tawhirimatea-valuers.nz',
  businessPhone: '+64 9 444 0001',
  bio: 'Valuing Kāpiti homes since 2004',
};
/** Another person, whose details must remain. */
const kept = { first: 'Mereana', last: 'Keptson', email: 'mereana.keptson@example.nz', business: 'Keptson Home Loans', businessEmail: 'loans@keptson.nz' };

describe('after an erasure, every stored byte', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'kainga-erased-bytes-'));
  const pwaDir = mkdtempSync(join(tmpdir(), 'kainga-no-pwa-'));
  let kainga: Kainga;
  const app = () => kainga.app as FastifyInstance;

  beforeAll(async () => {
    kainga = await startKainga({ dataDir, port: 0, pwaDir, env: { HOST: '127.0.0.1', SEED_DEMO: 'false', LOG_LEVEL: 'silent', NODE_ENV: 'test' } });
  }, 60_000);
  afterAll(async () => {
    await kainga?.close();
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(pwaDir, { recursive: true, force: true });
  });

  it('holds none of the erased person’s name, email, phone, address or words, and the other person’s still', { timeout: 120_000 }, async () => {
    const keptClient = client(app(), { remoteAddress: '10.80.0.1' });
    const keptUser = await keptClient.register(kept.email, PASSWORD, kept.first, kept.last);
    const keptPartner = await makePartner(kainga.deps.stores, keptUser.id, 'mortgage_broker', ['auckland'], { businessName: kept.business, contactEmail: kept.businessEmail });

    const me = client(app(), { remoteAddress: '10.80.0.2' });
    const mine = await me.register(erased.email, PASSWORD, erased.first, erased.last);
    const valuation = await me.post('/api/valuations', { purpose: 'selling', address: erased.street, suburb: 'Ponsonby', city: 'Auckland', floorArea: 140, bedrooms: 3 });
    expect([201, 422], valuation.body).toContain(valuation.statusCode);
    const image = await postImage(app(), '/api/upload/company-image', me.cookie, { field: 'companyImage', filename: 'logo.png', contentType: 'image/png', bytes: await solidImage('png') });
    await makePartner(kainga.deps.stores, mine.id, 'registered_valuer', ['auckland'], { businessName: erased.business, contactEmail: erased.businessEmail, contactPhone: erased.businessPhone, bio: erased.bio, companyImage: image.json().filePath });
    const sent = await me.post('/api/partner-contacts', { partnerId: keptPartner, message: `Kia ora, ${erased.first} here: call me on ${erased.phone}` });
    expect(sent.statusCode, sent.body).toBe(201);
    expect((await keptClient.post(`/api/partner-leads/${sent.json().id}/respond`, { response: `Kia ora ${erased.first}, happy to help` })).statusCode).toBe(200);
    // The emails of that exchange were written (to the partner, then back to the person).
    const outbox = join(dataDir, 'outbox');
    await waitFor(async () => (await readOutbox(outbox)).some((m) => m.to === erased.email), 20_000);
    const before = storedFiles(dataDir).map((f) => f.text).join('\n');
    expect(before).toContain(erased.first); // read models and mail held the details until now

    const res = await app().inject({ method: 'DELETE', url: '/api/profile', payload: { password: PASSWORD }, cookies: { 'kainga.sid': me.cookie! } });
    expect(res.statusCode, res.body).toBe(204);

    const files = storedFiles(dataDir);
    const personal = Object.values(erased);
    const found = files.flatMap(({ file, text }) => personal.filter((s) => text.includes(s)).map((s) => `${s} in ${file.slice(dataDir.length)}`));
    expect(found).toEqual([]);
    // The partner's reply to their request spoke to them: it cannot be opened any more either.
    const replied = (await kainga.deps.stores.eventStore.readStream(`partnerLead-${sent.json().id}`)).find((e) => e.type === 'PartnerLeadResponded');
    expect(replied?.data).toMatchObject({ response: ERASED_TEXT });
    const all = files.map((f) => f.text).join('\n');
    for (const s of [kept.first, kept.last, kept.business]) expect(all).toContain(s);
    // And through the API: the other person is whole, the erased one gone.
    expect((await keptClient.get('/api/auth/user')).json()).toMatchObject({ firstName: kept.first, email: kept.email });
    expect((await client(app()).post('/api/auth/login', { email: erased.email, password: PASSWORD })).statusCode).toBe(401);
  });

  it('holds none of an erased partner’s replies, while the request they answered remains its sender’s', { timeout: 120_000 }, async () => {
    const sender = client(app(), { remoteAddress: '10.80.0.3' });
    expect((await sender.post('/api/auth/login', { email: kept.email, password: PASSWORD })).statusCode).toBe(200);
    const replier = client(app(), { remoteAddress: '10.80.0.4' });
    const me = await replier.register('hinemoa.repliesworth@example.nz', PASSWORD, 'Hinemoa', 'Repliesworth');
    const partnerId = await makePartner(kainga.deps.stores, me.id, 'property_manager', ['auckland'], { businessName: 'Repliesworth Rentals', contactEmail: 'desk@repliesworth.nz' });
    const question = 'Keptson here: could you manage our Onehunga flat from March?';
    const sent = await sender.post('/api/partner-contacts', { partnerId, message: question });
    expect(sent.statusCode, sent.body).toBe(201);
    const reply = 'Ngā mihi, Hinemoa at the Te Papapa desk will ring you on Thursday';
    expect((await replier.post(`/api/partner-leads/${sent.json().id}/respond`, { response: reply })).statusCode).toBe(200);
    expect((await sender.get('/api/my-messages')).body).toContain(reply);

    const res = await app().inject({ method: 'DELETE', url: '/api/profile', payload: { password: PASSWORD }, cookies: { 'kainga.sid': replier.cookie! } });
    expect(res.statusCode, res.body).toBe(204);

    const files = storedFiles(dataDir);
    const found = files.flatMap(({ file, text }) => ['Te Papapa desk', 'Repliesworth', 'hinemoa.repliesworth@example.nz'].filter((s) => text.includes(s)).map((s) => `${s} in ${file.slice(dataDir.length)}`));
    expect(found).toEqual([]);
    // Nor can the log's sealed reply be opened any more: its key went with the partner.
    const responded = (await kainga.deps.stores.eventStore.readStream(`partnerLead-${sent.json().id}`)).find((e) => e.type === 'PartnerLeadResponded');
    expect(responded?.data).toMatchObject({ response: ERASED_TEXT });
    // The sender's own request is theirs and stays (in their messages, the read models and the log's sealed boxes).
    expect((await sender.get('/api/my-messages')).body).toContain(question);
  });
});
