import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from './password';
import { client, startTestApp, type TestApp } from '../testing/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

describe('GET /api/auth/user', () => {
  it('answers the spec’s user record and whether the account has a password, as that changes', async () => {
    const c = client(t.app);
    const { id } = await c.register('pass@example.nz', 'correct horse battery', 'Mere', 'Kāinga');
    const me = await c.get('/api/auth/user');
    expect(me.statusCode).toBe(200);
    expect(Object.keys(me.json()).sort()).toEqual(['createdAt', 'email', 'firstName', 'hasPassword', 'id', 'lastName', 'profileImageUrl', 'roles']);
    expect(me.json()).toMatchObject({ id, email: 'pass@example.nz', firstName: 'Mere', lastName: 'Kāinga', roles: ['general'], profileImageUrl: null, hasPassword: true });
    // The same (unchanged, shared) user without a password, as an account made by a Google sign-in has none.
    await t.stores.credentials.delete(id);
    expect((await c.get('/api/auth/user')).json()).toMatchObject({ id, hasPassword: false });
    // A password set later (an accepted invitation sets one) is seen on the next call.
    await t.stores.credentials.put(id, await hashPassword('another long password'));
    expect((await c.get('/api/auth/user')).json()).toMatchObject({ id, hasPassword: true });
  });

  it('answers 401 when signed out', async () => {
    const res = await client(t.app).get('/api/auth/user');
    expect([res.statusCode, res.json().message]).toEqual([401, 'Please sign in to continue.']);
  });
});
