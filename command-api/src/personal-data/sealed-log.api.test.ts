import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeProperty } from '../leads/test-fixtures';
import { client, makePartner, startTestApp, type TestApp } from '../testing/test-app';

/** Every byte of the embedded log as stored: the database file and its write-ahead log. */
const logBytes = (dataDir: string) =>
  ['events.sqlite', 'events.sqlite-wal'].map((f) => join(dataDir, f)).filter(existsSync).map((f) => readFileSync(f).toString('utf8')).join('\n');

let t: TestApp;
const person = { first: 'Wiremu', last: 'Tawhirimatea', email: 'wiremu.tawhirimatea@example.nz', street: '27 Kōwhaiwhai Crescent' };
const visitor = { name: 'Ngaio Visitorson', email: 'ngaio.visitorson@example.nz', phone: '+64 21 987 6543', message: 'Kia ora, please call me about refinancing' };
const partner = { business: 'Rangitoto Mortgage Partners', email: 'office@rangitoto-mortgages.nz', phone: '+64 9 555 0199', bio: 'Twenty years of helping Aucklanders' };

beforeAll(async () => {
  t = await startTestApp();
  const owner = client(t.app);
  const me = await owner.register(person.email, undefined, person.first, person.last);
  const propertyId = await makeProperty(t.stores, me.id, person.street, 'Auckland');
  const brokerClient = client(t.app);
  const broker = await brokerClient.register('broker.person@example.nz', undefined, 'Hemi', 'Brokerson');
  const partnerId = await makePartner(t.stores, broker.id, 'mortgage_broker', ['auckland'], { businessName: partner.business, contactEmail: partner.email, contactPhone: partner.phone, bio: partner.bio });
  expect((await owner.post('/api/partner-contacts', { partnerId, message: 'Message from Wiremu about Kōwhaiwhai', propertyId })).statusCode).toBe(201);
  const dialog = await client(t.app).post(`/api/partners/${partnerId}/contact`, { name: visitor.name, email: visitor.email, phone: visitor.phone, message: visitor.message });
  expect(dialog.statusCode).toBe(201);
  expect((await owner.patch('/api/profile', { firstName: person.first, lastName: person.last, email: 'wiremu.new@example.nz' })).statusCode).toBe(200);
});
afterAll(() => t.close());

describe('the event log as stored', () => {
  it('holds no name, email, phone, street address or message of anyone in plain text', () => {
    const bytes = logBytes(t.dataDir);
    expect(bytes).toContain('PartnerLeadReceived'); // the journey reached the log
    const plain = [person.first, person.last, person.email, 'wiremu.new@example.nz', person.street, 'Kōwhaiwhai', visitor.name, visitor.email, visitor.phone, visitor.message, partner.business, partner.email, partner.phone, partner.bio, 'Brokerson', 'broker.person@example.nz'];
    expect(plain.filter((text) => bytes.includes(text))).toEqual([]);
  });

  it('still answers with everything as written', async () => {
    const owner = client(t.app);
    expect((await owner.post('/api/auth/login', { email: 'wiremu.new@example.nz', password: 'correct horse battery' })).statusCode).toBe(200);
    expect((await owner.get('/api/auth/user')).json()).toMatchObject({ firstName: person.first, lastName: person.last, email: 'wiremu.new@example.nz' });
    const messages = (await owner.get('/api/my-messages')).json() as { message?: string; requestMessage?: string }[];
    expect(JSON.stringify(messages)).toContain('Message from Wiremu about Kōwhaiwhai');
  });
});
