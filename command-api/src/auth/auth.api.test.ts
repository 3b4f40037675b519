import { handleCommand } from '@kainga/platform';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailReservationDecider, legacyEmailReservationStream } from '../accounts/email-reservation';
import { client, sessionCookie, startTestApp, type TestApp } from '../testing/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

describe('sign-in API', () => {
  it('registers, answers the user, and signs the new account in', async () => {
    const c = client(t.app);
    const res = await c.post('/api/auth/register', { email: 'Aroha@Example.nz', password: 'correct horse battery', firstName: 'Aroha', lastName: 'Ngata' });
    expect(res.statusCode).toBe(201);
    const user = res.json();
    expect(user).toMatchObject({ email: 'aroha@example.nz', firstName: 'Aroha', lastName: 'Ngata', roles: ['general'], profileImageUrl: null });
    expect(user.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(new Date(user.createdAt).getTime()).toBeGreaterThan(0);
    const cookie = [res.headers['set-cookie']].flat().find((c) => c?.startsWith('kainga.sid=')) as string;
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
    expect(cookie).not.toMatch(/Secure/); // plain http here; Secure is set behind TLS
    const me = await c.get('/api/auth/user');
    expect(me.statusCode).toBe(200);
    expect(me.json()).toEqual({ ...user, hasPassword: true });
  });

  it('refuses a second account with the same email, whatever its case', async () => {
    const c = client(t.app);
    await c.register('dupe@example.nz');
    const res = await client(t.app).post('/api/auth/register', { email: 'DUPE@example.nz', password: 'another password', firstName: 'A', lastName: 'B' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: 'That email address is already used by another account.' });
  });

  it('lets only one of two simultaneous registrations of one email win', async () => {
    const body = { email: 'race@example.nz', password: 'a long password', firstName: 'R', lastName: 'C' };
    const results = await Promise.all([client(t.app).post('/api/auth/register', body), client(t.app).post('/api/auth/register', body)]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409]);
  });

  it('frees an email whose registration crashed half-way, once the reservation is old', async () => {
    // As if a process died after reserving the email and before recording the account (an hour ago, when reservations had unkeyed names).
    const old = new Date(Date.now() - 60 * 60_000).toISOString();
    await handleCommand(t.stores.eventStore, emailReservationDecider, legacyEmailReservationStream('crashed@example.nz'), { type: 'ReserveEmail', email: 'crashed@example.nz', userId: 'lost-user', at: old }, {
      idempotencyKey: 'crash',
      metadata: { actorId: null, actorRoles: [], correlationId: 'crash', causationId: null, occurredAt: old },
    });
    const res = await client(t.app).post('/api/auth/register', { email: 'crashed@example.nz', password: 'a long password', firstName: 'C', lastName: 'R' });
    expect(res.statusCode).toBe(201);
  });

  it('answers 401 when signed out', async () => {
    const res = await client(t.app).get('/api/auth/user');
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: 'Please sign in to continue.' });
  });

  it('signs in with the right password, with a fresh session id', async () => {
    const c = client(t.app);
    await c.register('login@example.nz', 'the right password');
    const before = c.cookie;
    const fresh = client(t.app);
    fresh.cookie = before;
    const res = await fresh.post('/api/auth/login', { email: 'LOGIN@example.nz', password: 'the right password' });
    expect(res.statusCode).toBe(200);
    expect(res.json().email).toBe('login@example.nz');
    expect(sessionCookie(res)).toBeDefined();
    expect(sessionCookie(res)).not.toBe(before);
    expect((await fresh.get('/api/auth/user')).statusCode).toBe(200);
  });

  it('refuses a wrong password or unknown email with the same 401', async () => {
    const c = client(t.app);
    await c.register('wrong@example.nz', 'the right password');
    const wrong = await client(t.app).post('/api/auth/login', { email: 'wrong@example.nz', password: 'not it' });
    const unknown = await client(t.app).post('/api/auth/login', { email: 'nobody@example.nz', password: 'not it' });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ message: 'Incorrect email or password.' });
    expect(unknown.json()).toEqual(wrong.json());
  });

  it('locks an account for a while after 5 wrong passwords, even with the right one', async () => {
    await client(t.app).register('brute@example.nz', 'the right password');
    for (let i = 0; i < 5; i++) {
      expect((await client(t.app).post('/api/auth/login', { email: 'brute@example.nz', password: `guess ${i}` })).statusCode).toBe(401);
    }
    const locked = await client(t.app).post('/api/auth/login', { email: 'brute@example.nz', password: 'the right password' });
    expect(locked.statusCode).toBe(429);
    expect(locked.json().message).toMatch(/Too many sign-in attempts/);
    // Seconds until the lock ends: the whole 15-minute window, give or take the test's own run time.
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(14 * 60);
    expect(Number(locked.headers['retry-after'])).toBeLessThanOrEqual(15 * 60);
  });

  it('does not let guesses from one address lock the owner out at another', async () => {
    await client(t.app).register('target@example.nz', 'the right password');
    const attacker = client(t.app, { remoteAddress: '203.0.113.66' });
    for (let i = 0; i < 8; i++) await attacker.post('/api/auth/login', { email: 'target@example.nz', password: `guess ${i}` });
    const refused = await attacker.post('/api/auth/login', { email: 'target@example.nz', password: 'the right password' });
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toMatch(/^\d+$/);
    const owner = await client(t.app, { remoteAddress: '198.51.100.7' }).post('/api/auth/login', { email: 'target@example.nz', password: 'the right password' });
    expect(owner.statusCode).toBe(200);
    expect(owner.json().email).toBe('target@example.nz');
  });

  it('counts guesses from one IPv6 /64 as one address, however many of its addresses they come from', async () => {
    await client(t.app).register('spread@example.nz', 'the right password');
    for (let i = 1; i <= 5; i++) {
      const res = await client(t.app, { remoteAddress: `2001:db8:5:6::${i.toString(16)}` }).post('/api/auth/login', { email: 'spread@example.nz', password: `guess ${i}` });
      expect(res.statusCode).toBe(401);
    }
    const next = await client(t.app, { remoteAddress: '2001:db8:5:6:ffff::9' }).post('/api/auth/login', { email: 'spread@example.nz', password: 'the right password' });
    expect(next.statusCode).toBe(429);
    expect(next.headers['retry-after']).toMatch(/^\d+$/);
    // Another /64 is another household: the owner there still gets in.
    const owner = await client(t.app, { remoteAddress: '2001:db8:5:7::1' }).post('/api/auth/login', { email: 'spread@example.nz', password: 'the right password' });
    expect(owner.statusCode).toBe(200);
  });

  it('sends Retry-After with the per-minute limit of the sign-in routes too', async () => {
    const busy = client(t.app, { remoteAddress: '192.0.2.99' });
    let last = await busy.post('/api/auth/login', { email: 'nobody@example.nz', password: 'x' });
    for (let i = 0; i < 40 && last.statusCode !== 429; i++) last = await busy.post('/api/auth/login', { email: `n${i}@example.nz` });
    expect(last.statusCode).toBe(429);
    expect(last.headers['retry-after']).toMatch(/^\d+$/);
    expect(last.json().message).toMatch(/Too many/);
  });

  it('signs out: destroys the session and goes home', async () => {
    const c = client(t.app);
    await c.register('logout@example.nz');
    const cookie = c.cookie;
    const res = await c.get('/api/logout');
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/');
    const again = client(t.app);
    again.cookie = cookie; // the old cookie is worthless now
    expect((await again.get('/api/auth/user')).statusCode).toBe(401);
  });

  it('treats a forged or tampered session cookie as signed out', async () => {
    const c = client(t.app);
    await c.register('forge@example.nz');
    const forged = client(t.app);
    forged.cookie = `${c.cookie!.split('.')[0]}.AAAAinvalidsignature`;
    expect((await forged.get('/api/auth/user')).statusCode).toBe(401);
    forged.cookie = 'garbage';
    expect((await forged.get('/api/auth/user')).statusCode).toBe(401);
  });

  it('treats an expired session as signed out', async () => {
    const c = client(t.app);
    await c.register('expired@example.nz');
    await t.stores.readStore.collection('sessions').updateMany({}, { $set: { expire: '2000-01-01T00:00:00.000Z' } });
    expect((await c.get('/api/auth/user')).statusCode).toBe(401);
  });

  it('sends GET /api/login to the sign-in screen, keeping only a same-site return path', async () => {
    const res = await client(t.app).get('/api/login?returnTo=%2Fprofile');
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/sign-in?returnTo=%2Fprofile');
    const evil = await client(t.app).get('/api/login?returnTo=%2F%2Fevil.example');
    expect(evil.headers.location).toBe('/sign-in?returnTo=%2F');
  });

  it('lists the sign-in providers that are configured', async () => {
    expect((await client(t.app).get('/api/auth/providers')).json()).toEqual({ google: false, github: false, email: true });
  });

  it('never writes a password or its hash into an event', async () => {
    await client(t.app).register('secret@example.nz', 'my very secret passphrase');
    const all = JSON.stringify(await t.stores.eventStore.readAll({ limit: 10_000 }));
    expect(all).not.toContain('my very secret passphrase');
    expect(all).not.toContain('scrypt$');
  });
});

describe('behind a TLS-terminating proxy (TRUST_PROXY=true, one hop)', () => {
  it('marks the session cookie Secure when the proxy says the request came over https', async () => {
    const proxied = await startTestApp({ TRUST_PROXY: 'true', ALLOWED_HOSTS: 'kainga.example' });
    try {
      const body = { email: 'tls@example.nz', password: 'a long password', firstName: 'T', lastName: 'LS' };
      const res = await proxied.app.inject({ method: 'POST', url: '/api/auth/register', payload: body, headers: { 'x-forwarded-proto': 'https', host: 'kainga.example' } });
      expect(res.statusCode).toBe(201);
      expect([res.headers['set-cookie']].flat().find((c) => c?.startsWith('kainga.sid='))).toMatch(/; Secure/);
      // The cross-site check compares with the https origin the browser saw.
      const login = { email: body.email, password: body.password };
      const foreign = await proxied.app.inject({ method: 'POST', url: '/api/auth/login', payload: login, headers: { 'x-forwarded-proto': 'https', host: 'kainga.example', origin: 'http://kainga.example' } });
      expect(foreign.statusCode).toBe(403);
      const own = await proxied.app.inject({ method: 'POST', url: '/api/auth/login', payload: login, headers: { 'x-forwarded-proto': 'https', host: 'kainga.example', origin: 'https://kainga.example' } });
      expect(own.statusCode).toBe(200);
    } finally {
      await proxied.close();
    }
  });
});
