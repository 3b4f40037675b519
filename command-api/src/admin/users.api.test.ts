import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, registerAdmin, startTestApp, type TestApp } from '../testing/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ ADMIN_EMAILS: 'boss@example.nz' });
});
afterAll(() => t.close());

describe('admin user management', () => {
  it('gives a user listed in ADMIN_EMAILS the admin role once they open the link mailed to that address', async () => {
    const admin = client(t.app);
    const me = await registerAdmin(t, admin, 'boss@example.nz');
    expect(me.roles).toEqual(['general', 'admin']);
  });

  it('refuses the user list to signed-out and non-admin users', async () => {
    expect((await client(t.app).get('/api/admin/users')).statusCode).toBe(401);
    const general = client(t.app);
    await general.register('plain@example.nz');
    const res = await general.get('/api/admin/users');
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ message: 'You do not have permission to do that.' });
    const someone = await client(t.app).register('victim@example.nz');
    expect((await general.patch(`/api/admin/users/${someone.id}/roles`, { roles: ['admin'] })).statusCode).toBe(403);
  });

  it('lists users and changes roles, which the user sees at once', async () => {
    const admin = client(t.app);
    await admin.post('/api/auth/login', { email: 'boss@example.nz', password: 'correct horse battery' });
    const partner = client(t.app);
    const p = await partner.register('broker@example.nz');
    const res0 = await admin.get('/api/admin/users?page=1&pageSize=20');
    const list = res0.json();
    expect(list.map((u: { email: string }) => u.email)).toEqual(expect.arrayContaining(['boss@example.nz', 'broker@example.nz']));
    expect(Number(res0.headers['x-total-count'])).toBe(list.length);
    const res = await admin.patch(`/api/admin/users/${p.id}/roles`, { roles: ['mortgage_broker', 'registered_valuer'] });
    expect(res.statusCode).toBe(200);
    expect(res.json().roles).toEqual(['mortgage_broker', 'registered_valuer']);
    expect((await partner.get('/api/auth/user')).json().roles).toEqual(['mortgage_broker', 'registered_valuer']);
  });

  it('needs at least one known role and an existing user', async () => {
    const admin = client(t.app);
    await admin.post('/api/auth/login', { email: 'boss@example.nz', password: 'correct horse battery' });
    const u = await client(t.app).register('roles@example.nz');
    const empty = await admin.patch(`/api/admin/users/${u.id}/roles`, { roles: [] });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().issues[0].message).toBe('Select at least one role');
    expect((await admin.patch(`/api/admin/users/${u.id}/roles`, { roles: ['emperor'] })).statusCode).toBe(400);
    const missing = await admin.patch('/api/admin/users/no-such-user/roles', { roles: ['general'] });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: 'User not found.' });
  });
});
