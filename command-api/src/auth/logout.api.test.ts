import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, startTestApp, type TestApp } from '../testing/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const signedIn = async (email: string) => {
  const c = client(t.app);
  await c.register(email);
  return c;
};
const stillSignedIn = async (c: ReturnType<typeof client>) => (await c.get('/api/auth/user')).statusCode === 200;

describe('GET /api/logout from another site', () => {
  it('refuses a sign-out link or image on another site (Sec-Fetch-Site: cross-site or same-site)', async () => {
    const c = await signedIn('xsite-logout@example.nz');
    for (const site of ['cross-site', 'same-site']) {
      const res = await c.get('/api/logout', { 'sec-fetch-site': site });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ message: 'Requests from another site are not allowed.' });
    }
    expect(await stillSignedIn(c)).toBe(true);
  });

  it('refuses a foreign Referer or Origin when the browser sends no Sec-Fetch-Site', async () => {
    const c = await signedIn('referer-logout@example.nz');
    expect((await c.get('/api/logout', { referer: 'https://evil.example/page' })).statusCode).toBe(403);
    expect((await c.get('/api/logout', { origin: 'https://evil.example' })).statusCode).toBe(403);
    expect((await c.get('/api/logout', { referer: 'not a url' })).statusCode).toBe(403);
    expect(await stillSignedIn(c)).toBe(true);
  });

  it('signs out from our own page, and from a typed address or bookmark', async () => {
    const own = await signedIn('own-logout@example.nz');
    const res = await own.get('/api/logout', { 'sec-fetch-site': 'same-origin', referer: 'http://localhost:80/account' });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/');
    expect(await stillSignedIn(own)).toBe(false);

    const typed = await signedIn('typed-logout@example.nz');
    expect((await typed.get('/api/logout', { 'sec-fetch-site': 'none' })).statusCode).toBe(302);
    expect(await stillSignedIn(typed)).toBe(false);
  });
});
