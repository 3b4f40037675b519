import { handleCommand } from '@kainga/platform';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BAD_IDEMPOTENCY_KEY } from '../plugins/actor';
import { client, startTestApp, type TestApp } from '../testing/test-app';
import { accountIdFor } from './accounts';
import { emailReservationDecider, emailReservationStream, keyedEmailReservationStream, legacyEmailReservationStream } from './email-reservation';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const body = (email: string, password = 'a long password') => ({ email, password, firstName: 'Ripeka', lastName: 'Tane' });
const registrationsOf = async (email: string) =>
  (await t.stores.eventStore.readAll({ limit: 100_000 })).filter((e) => e.type === 'UserRegistered' && (e.data as { email: string }).email === email);

describe('registration with an Idempotency-Key', () => {
  it('makes exactly one account of 50 identical requests sent at once, and answers each with it', async () => {
    const headers = { 'idempotency-key': 'fifty-at-once-0001' };
    // Spread over addresses, as retries from a flaky network would be, so the per-address rate limit stays out of it.
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) => client(t.app, { remoteAddress: `10.1.0.${i + 1}` }).post('/api/auth/register', body('fifty@example.nz'), headers)),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(Array(50).fill(201));
    expect(new Set(answers.map((a) => a.body)).size).toBe(1);
    expect(await registrationsOf('fifty@example.nz')).toHaveLength(1);
    const login = await client(t.app).post('/api/auth/login', { email: 'fifty@example.nz', password: 'a long password' });
    expect(login.json().id).toBe(answers[0]!.json().id);
  });

  it('answers a retry of the same body with the first result and signs the retry in', async () => {
    const headers = { 'idempotency-key': 'retry-same-0001' };
    const first = await client(t.app).post('/api/auth/register', body('retry@example.nz'), headers);
    const retry = client(t.app);
    const again = await retry.post('/api/auth/register', body('retry@example.nz'), headers);
    expect([first.statusCode, again.statusCode]).toEqual([201, 201]);
    expect(again.json()).toEqual(first.json());
    expect((await retry.get('/api/auth/user')).json().id).toBe(first.json().id);
    expect(await registrationsOf('retry@example.nz')).toHaveLength(1);
  });

  it('refuses the same key for a different registration with a 409, and leaves the account and other address alone', async () => {
    const headers = { 'idempotency-key': 'reused-key-0001' };
    const first = await client(t.app).post('/api/auth/register', body('first@example.nz'), headers);
    expect(first.statusCode).toBe(201);
    const otherPassword = await client(t.app).post('/api/auth/register', body('first@example.nz', 'someone elses password'), headers);
    expect(otherPassword.statusCode).toBe(409);
    expect(otherPassword.json()).toEqual({ message: 'This Idempotency-Key was already used for a different registration. Send a new key for a new request.' });
    expect((await client(t.app).post('/api/auth/register', body('second@example.nz'), headers)).statusCode).toBe(409);
    // The first password still works; the other address was never taken.
    expect((await client(t.app).post('/api/auth/login', { email: 'first@example.nz', password: 'a long password' })).statusCode).toBe(200);
    expect((await client(t.app).post('/api/auth/register', body('second@example.nz'))).statusCode).toBe(201);
  });

  it('lets only one of two different requests racing with one key win, and refuses the other', async () => {
    const headers = { 'idempotency-key': 'racing-key-0001' };
    const answers = await Promise.all([
      client(t.app).post('/api/auth/register', body('race-a@example.nz', 'password number one'), headers),
      client(t.app).post('/api/auth/register', body('race-b@example.nz', 'password number two'), headers),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409]);
    const winner = answers.find((a) => a.statusCode === 201)!.json().email as string;
    const loser = winner === 'race-a@example.nz' ? 'race-b@example.nz' : 'race-a@example.nz';
    expect((await registrationsOf(winner)).length + (await registrationsOf(loser)).length).toBe(1);
    // The loser's address was given back.
    expect((await client(t.app).post('/api/auth/register', body(loser))).statusCode).toBe(201);
  });

  it('keeps one account per email whatever the keys', async () => {
    const a = await client(t.app).post('/api/auth/register', body('keys@example.nz'), { 'idempotency-key': 'key-a-000001' });
    const b = await client(t.app).post('/api/auth/register', body('keys@example.nz'), { 'idempotency-key': 'key-b-000001' });
    expect([a.statusCode, b.statusCode]).toEqual([201, 409]);
    expect(b.json()).toEqual({ message: 'That email address is already used by another account.' });
  });

  it('reserves the address again when a retry follows an attempt that failed and gave it back', async () => {
    // As left by a registration that failed after reserving: its reservation released again.
    const key = 'anon:failed-first-0001';
    const userId = accountIdFor(key);
    const stream = await emailReservationStream(t.stores, 'again@example.nz');
    const ctx = (k: string) => ({ idempotencyKey: k, metadata: { actorId: null, actorRoles: [], correlationId: k, causationId: null, occurredAt: new Date().toISOString() } });
    const at = new Date().toISOString();
    await handleCommand(t.stores.eventStore, emailReservationDecider, stream, { type: 'ReserveEmail', email: 'again@example.nz', userId, at }, ctx(`${key}:reserve`));
    await handleCommand(t.stores.eventStore, emailReservationDecider, stream, { type: 'ReleaseEmail', email: 'again@example.nz', userId, at }, ctx(`${key}:release-failed-registration`));
    const retry = await client(t.app).post('/api/auth/register', body('again@example.nz'), { 'idempotency-key': 'failed-first-0001' });
    expect(retry.statusCode).toBe(201);
    const other = await client(t.app).post('/api/auth/register', body('again@example.nz'), { 'idempotency-key': 'failed-first-0002' });
    expect(other.statusCode).toBe(409);
  });

  it('names a new reservation by a keyed digest, and keeps an address reserved under its old unkeyed name taken', async () => {
    const fresh = await client(t.app).post('/api/auth/register', body('keyed.name@example.nz'));
    expect(fresh.statusCode).toBe(201);
    const keyed = keyedEmailReservationStream(await t.stores.personalKeys.visitorSecret(), 'keyed.name@example.nz');
    expect((await t.stores.eventStore.readStream(keyed)).map((e) => e.type)).toEqual(['EmailReserved']);
    expect(await t.stores.eventStore.readStream(legacyEmailReservationStream('keyed.name@example.nz'))).toEqual([]);

    // Reserved a moment ago by a registration still under way, before names were keyed.
    const at = new Date().toISOString();
    const ctx = { idempotencyKey: 'legacy-reservation', metadata: { actorId: null, actorRoles: [], correlationId: 'legacy', causationId: null, occurredAt: at } };
    await handleCommand(t.stores.eventStore, emailReservationDecider, legacyEmailReservationStream('Legacy.Name@example.nz'), { type: 'ReserveEmail', email: 'legacy.name@example.nz', userId: 'in-flight', at }, ctx);
    const taken = await client(t.app).post('/api/auth/register', body('legacy.name@example.nz'));
    expect(taken.statusCode).toBe(409);
    expect(await t.stores.eventStore.readStream(keyedEmailReservationStream(await t.stores.personalKeys.visitorSecret(), 'legacy.name@example.nz'))).toEqual([]);
  });

  it('refuses a key it cannot use with a 400 and records nothing, where it once went on as if no key were sent', async () => {
    for (const key of ['short', 'x'.repeat(256), 'tab\there-0001']) {
      const res = await client(t.app).post('/api/auth/register', body('badkey@example.nz'), { 'idempotency-key': key });
      expect(res.statusCode, key).toBe(400);
      expect(res.json()).toEqual({ message: BAD_IDEMPOTENCY_KEY });
    }
    expect(await registrationsOf('badkey@example.nz')).toHaveLength(0);
  });

  it('takes any printable key, spaces and punctuation included: its retry answers the first account', async () => {
    const headers = { 'idempotency-key': 'checkout 7f3e.loc-1.SUMMER 10%' };
    const first = await client(t.app).post('/api/auth/register', body('printable@example.nz'), headers);
    const retry = await client(t.app).post('/api/auth/register', body('printable@example.nz'), headers);
    expect([first.statusCode, retry.statusCode]).toEqual([201, 201]);
    expect(retry.json()).toEqual(first.json());
    expect(await registrationsOf('printable@example.nz')).toHaveLength(1);
  });
});
