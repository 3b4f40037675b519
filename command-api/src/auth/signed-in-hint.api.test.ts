import { SIGNED_IN_HINT_COOKIE } from '@kainga/contracts';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_COOKIE } from '../plugins/sessions';
import { sessionCookie, startTestApp, type TestApp } from '../testing/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const hintOf = (res: LightMyRequestResponse) => res.cookies.filter((c) => c.name === SIGNED_IN_HINT_COOKIE).at(-1);
const person = (email: string) => ({ email, password: 'correct horse battery', firstName: 'Aroha', lastName: 'Ngata' });

describe('the signed-in hint cookie follows the session', () => {
  it('registration sets it: readable by the page, "1", the whole site, SameSite=Lax, as long as the session', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/register', payload: person('hint-register@example.nz') });
    expect(res.statusCode).toBe(201);
    const hint = hintOf(res);
    expect(hint).toMatchObject({ value: '1', path: '/', sameSite: 'Lax', maxAge: t.deps.config.SESSION_MAX_AGE_DAYS * 24 * 60 * 60 });
    expect(hint?.httpOnly).toBeFalsy();
    expect(hint?.secure).toBeFalsy();
  });

  it('sign-in sets it; sign-out clears it', async () => {
    await t.app.inject({ method: 'POST', url: '/api/auth/register', payload: person('hint-login@example.nz') });
    const login = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'hint-login@example.nz', password: 'correct horse battery' } });
    expect(login.statusCode).toBe(200);
    expect(hintOf(login)?.value).toBe('1');
    const session = sessionCookie(login)!;
    const logout = await t.app.inject({ method: 'GET', url: '/api/logout', cookies: { [SESSION_COOKIE]: session, [SIGNED_IN_HINT_COOKIE]: '1' } });
    expect(logout.statusCode).toBe(302);
    const cleared = hintOf(logout);
    expect(cleared?.value).toBe('');
    expect(cleared?.expires?.getTime()).toBeLessThanOrEqual(Date.now());
  });

  it('a session without the hint (begun before it existed, or the cookie lost) gets it on its next request', async () => {
    const reg = await t.app.inject({ method: 'POST', url: '/api/auth/register', payload: person('hint-later@example.nz') });
    const res = await t.app.inject({ method: 'GET', url: '/api/auth/user', cookies: { [SESSION_COOKIE]: sessionCookie(reg)! } });
    expect(res.statusCode).toBe(200);
    expect(hintOf(res)?.value).toBe('1');
    // Once the browser holds it, answers stop repeating it.
    const next = await t.app.inject({ method: 'GET', url: '/api/auth/user', cookies: { [SESSION_COOKIE]: sessionCookie(reg)!, [SIGNED_IN_HINT_COOKIE]: '1' } });
    expect(hintOf(next)).toBeUndefined();
  });

  it('signed out: never set; a stale one (the session expired or was forged) is cleared', async () => {
    const plain = await t.app.inject({ method: 'GET', url: '/api/auth/providers' });
    expect(hintOf(plain)).toBeUndefined();
    const stale = await t.app.inject({ method: 'GET', url: '/api/auth/user', cookies: { [SESSION_COOKIE]: 'not-a-session', [SIGNED_IN_HINT_COOKIE]: '1' } });
    expect(stale.statusCode).toBe(401);
    expect(hintOf(stale)?.value).toBe('');
  });

  it('is Secure over TLS, like the session cookie', async () => {
    const proxied = await startTestApp({ TRUST_PROXY: 'true', ALLOWED_HOSTS: 'kainga.example' });
    try {
      const res = await proxied.app.inject({ method: 'POST', url: '/api/auth/register', payload: person('hint-tls@example.nz'), headers: { 'x-forwarded-proto': 'https', host: 'kainga.example' } });
      expect(res.statusCode).toBe(201);
      expect(hintOf(res)?.secure).toBe(true);
    } finally {
      await proxied.close();
    }
  });

  it('an answer refused before the user is known (validation, a too-large body) keeps the hint of a live session', async () => {
    const reg = await t.app.inject({ method: 'POST', url: '/api/auth/register', payload: person('hint-refused@example.nz') });
    const cookies = { [SESSION_COOKIE]: sessionCookie(reg)!, [SIGNED_IN_HINT_COOKIE]: '1' };
    const badEmail = await t.app.inject({ method: 'PATCH', url: '/api/profile', cookies, payload: { email: 'not an email' } });
    expect(badEmail.statusCode).toBe(400);
    expect(hintOf(badEmail)).toBeUndefined();
    const badPartner = await t.app.inject({ method: 'POST', url: '/api/admin/create-partner', cookies, payload: { nope: true } });
    expect(badPartner.statusCode).toBe(400);
    expect(hintOf(badPartner)).toBeUndefined();
    // The session still lives, and the next answer that knows its user agrees.
    const me = await t.app.inject({ method: 'GET', url: '/api/auth/user', cookies });
    expect(me.statusCode).toBe(200);
    expect(hintOf(me)).toBeUndefined();
    // And a signed-out request refused the same way does not set it.
    const signedOut = await t.app.inject({ method: 'PATCH', url: '/api/profile', payload: { email: 'not an email' } });
    expect(hintOf(signedOut)).toBeUndefined();
  });
});
