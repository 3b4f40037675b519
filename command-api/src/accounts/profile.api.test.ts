import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, startTestApp, type TestApp } from '../testing/test-app';
import { userStream } from './user';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

describe('PATCH /api/profile', () => {
  it('changes the name and email of the signed-in user', async () => {
    const c = client(t.app);
    const me = await c.register('kahu@example.nz');
    const res = await c.patch('/api/profile', { firstName: 'Kahu', lastName: 'Tipene', email: 'Kahu.T@example.nz' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: me.id, firstName: 'Kahu', lastName: 'Tipene', email: 'kahu.t@example.nz' });
    expect((await c.get('/api/auth/user')).json().firstName).toBe('Kahu');
    // The old address is free again and the new one is taken.
    expect((await client(t.app).post('/api/auth/register', { email: 'kahu@example.nz', password: 'long enough', firstName: 'N', lastName: 'N' })).statusCode).toBe(201);
    expect((await client(t.app).post('/api/auth/login', { email: 'kahu.t@example.nz', password: 'correct horse battery' })).statusCode).toBe(200);
  });

  it('refuses an email another account holds, and records nothing', async () => {
    await client(t.app).register('taken@example.nz');
    const c = client(t.app);
    const me = await c.register('mine@example.nz');
    const before = await t.stores.eventStore.readStream(userStream(me.id));
    const res = await c.patch('/api/profile', { firstName: 'A', lastName: 'B', email: 'taken@example.nz' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: 'That email address is already used by another account.' });
    expect(await t.stores.eventStore.readStream(userStream(me.id))).toEqual(before);
  });

  it('validates with the profile messages of the spec', async () => {
    const c = client(t.app);
    await c.register('valid@example.nz');
    const res = await c.patch('/api/profile', { firstName: ' ', lastName: '', email: 'nope' });
    expect(res.statusCode).toBe(400);
    expect(res.json().issues.map((i: { message: string }) => i.message)).toEqual(['First name is required', 'Last name is required', 'Please enter a valid email address']);
  });

  it('needs a signed-in user', async () => {
    const res = await client(t.app).patch('/api/profile', { firstName: 'A', lastName: 'B', email: 'a@b.nz' });
    expect(res.statusCode).toBe(401);
  });

  it('keeps the log consistent under concurrent edits of one user', async () => {
    const c = client(t.app);
    const me = await c.register('busy@example.nz');
    const edits = Array.from({ length: 8 }, (_, i) => c.patch('/api/profile', { firstName: `Name${i}`, lastName: 'Busy', email: 'busy@example.nz' }));
    const results = await Promise.all(edits);
    for (const r of results) expect([200, 409]).toContain(r.statusCode);
    const stream = await t.stores.eventStore.readStream(userStream(me.id));
    expect(stream.map((e) => e.revision)).toEqual(stream.map((_, i) => i));
    const last = stream.at(-1)!.data as { firstName: string };
    expect((await c.get('/api/auth/user')).json().firstName).toBe(last.firstName);
  });

  it('appends nothing twice for a retried request with the same Idempotency-Key', async () => {
    const c = client(t.app);
    const me = await c.register('retry@example.nz');
    const body = { firstName: 'Once', lastName: 'Only', email: 'retry@example.nz' };
    const headers = { 'idempotency-key': 'profile-edit-0001' };
    expect((await c.patch('/api/profile', body, headers)).statusCode).toBe(200);
    expect((await c.patch('/api/profile', body, headers)).statusCode).toBe(200);
    expect((await t.stores.eventStore.readStream(userStream(me.id))).map((e) => e.type)).toEqual(['UserRegistered', 'UserProfileChanged']);
  });
});
