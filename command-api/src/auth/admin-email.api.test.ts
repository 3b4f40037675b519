import { readOutbox } from '@kainga/platform';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminLinkFor, client, registerAdmin, startTestApp, type TestApp } from '../testing/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ ADMIN_EMAILS: 'boss@example.nz,chief@example.nz,later@example.nz,moved@example.nz,leaving@example.nz,roam@example.nz', PUBLIC_URL: 'https://kainga.example' });
});
afterAll(() => t.close());

const profile = (email: string) => ({ firstName: 'Sneaky', lastName: 'User', email });

describe('ADMIN_EMAILS needs proof of the address', () => {
  it('gives nothing to a general user who types a listed address into their profile, and refuses their self-grant', async () => {
    const sneaky = client(t.app);
    const me = await sneaky.register('sneaky@example.nz');
    const changed = await sneaky.patch('/api/profile', profile('chief@example.nz'));
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({ email: 'chief@example.nz', roles: ['general'] });
    const grant = await sneaky.patch(`/api/admin/users/${me.id}/roles`, { roles: ['general', 'admin'] });
    expect(grant.statusCode).toBe(403);
    // The link went to the address, where the sneaky user cannot read it.
    const mail = (await readOutbox(join(t.dataDir, 'outbox'))).filter((m) => m.to === 'chief@example.nz');
    expect(mail).toHaveLength(1);
    expect(mail[0]!.subject).toBe('Confirm your Kāinga admin address');
    expect(mail[0]!.text).toMatch(/^https:\/\/kainga\.example\/api\/auth\/admin-email\?token=[\w-]{43}$/m);
  });

  it('gives nothing for registering a listed address either, until its link is opened by the signed-in account', async () => {
    const boss = client(t.app);
    expect((await boss.register('boss@example.nz')).roles).toEqual(['general']);
    const link = await adminLinkFor(t.dataDir, 'boss@example.nz');
    expect(link).not.toBeNull();
    const opened = await boss.get(link!);
    expect(opened.statusCode).toBe(302);
    expect(opened.headers.location).toBe('/admin');
    expect((await boss.get('/api/auth/user')).json().roles).toEqual(['general', 'admin']);
    expect((await boss.get('/api/admin/users')).statusCode).toBe(200);
    // One-time: the same link again is refused.
    const again = await boss.get(link!);
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ message: 'This link has already been used.' });
    // Recorded for good as a role change by the system, not derived from the email.
    const events = await t.stores.eventStore.readAll({ limit: 100_000 });
    expect(events.filter((e) => e.type === 'AdminEmailVerified').map((e) => (e.data as { email: string }).email)).toContain('boss@example.nz');
  });

  it('refuses the link to any other signed-in account, and to a bogus token', async () => {
    const owner = client(t.app);
    await owner.register('later@example.nz');
    const link = (await adminLinkFor(t.dataDir, 'later@example.nz'))!;
    const other = client(t.app);
    await other.register('bystander@example.nz');
    const refused = await other.get(link);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ message: 'This link is not valid for the account you are signed in with.' });
    expect((await other.get('/api/auth/user')).json().roles).toEqual(['general']);
    const bogus = await owner.get('/api/auth/admin-email?token=not-a-token');
    expect(bogus.statusCode).toBe(400);
    expect(bogus.json().message).toMatch(/This link is not valid/);
  });

  it('keeps a link opened while signed out, and confirms it when the owner signs in with their password', async () => {
    const owner = client(t.app);
    await owner.register('moved@example.nz', 'the owners password');
    const link = (await adminLinkFor(t.dataDir, 'moved@example.nz'))!;
    const browser = client(t.app);
    const opened = await browser.get(link);
    expect(opened.statusCode).toBe(302);
    expect(opened.headers.location).toBe('/sign-in');
    const login = await browser.post('/api/auth/login', { email: 'moved@example.nz', password: 'the owners password' });
    expect(login.statusCode).toBe(200);
    expect(login.json().roles).toEqual(['general', 'admin']);
  });

  it('never follows a later email change: the role stays recorded, and the next holder of the address gets nothing by it', async () => {
    const admin = client(t.app);
    const me = await registerAdmin(t, admin, 'leaving@example.nz');
    expect(me.roles).toEqual(['general', 'admin']);
    expect((await admin.patch('/api/profile', { firstName: 'Aroha', lastName: 'Ngata', email: 'elsewhere@example.nz' })).json().roles).toEqual(['general', 'admin']);
    const newcomer = client(t.app);
    expect((await newcomer.register('leaving@example.nz')).roles).toEqual(['general']);
  });

  it('refuses a stale link after the account moved away from the address', async () => {
    const roamer = client(t.app);
    await roamer.register('roam@example.nz');
    const link = (await adminLinkFor(t.dataDir, 'roam@example.nz'))!;
    await roamer.patch('/api/profile', profile('gone@example.nz'));
    const stale = await roamer.get(link);
    expect(stale.statusCode).toBe(400);
    expect(stale.json()).toEqual({ message: 'This link was sent to an address the account no longer uses.' });
    expect((await roamer.get('/api/auth/user')).json().roles).toEqual(['general']);
  });
});
