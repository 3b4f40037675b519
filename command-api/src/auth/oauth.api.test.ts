import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminLinkFor, client, startTestApp, type TestApp } from '../testing/test-app';

/** A stand-in for Google's and GitHub's OAuth servers on loopback. */
function fakeProvider() {
  let verified = true;
  let googleEmail = 'Rangi@Gmail.example';
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url!, 'http://x');
    const json = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    if (url.pathname === '/token') {
      let body = '';
      req.on('data', (c) => (body += c));
      req.on('end', () => {
        const form = new URLSearchParams(body);
        if (form.get('code') === 'good-code' && form.get('client_secret') === 'shh') json(200, { access_token: 'tok', token_type: 'bearer' });
        else json(400, { error: 'invalid_grant' });
      });
      return;
    }
    if (req.headers.authorization !== 'Bearer tok') return json(401, {});
    if (url.pathname === '/userinfo') return json(200, { email: googleEmail, email_verified: verified, given_name: 'Rangi', family_name: 'Parata', picture: 'https://img.example/r.png' });
    if (url.pathname === '/user') return json(200, { login: 'rangi-p', name: 'Rangi Parata', avatar_url: 'https://img.example/g.png' });
    if (url.pathname === '/user/emails') return json(200, [{ email: 'other@x.example', primary: false, verified: true }, { email: 'rangi@gh.example', primary: true, verified }]);
    json(404, {});
  });
  return { server, setVerified: (v: boolean) => (verified = v), setGoogleEmail: (e: string) => (googleEmail = e) };
}

let t: TestApp;
let fake: ReturnType<typeof fakeProvider>;
beforeAll(async () => {
  fake = fakeProvider();
  await new Promise<void>((r) => fake.server.listen(0, '127.0.0.1', r));
  const base = `http://127.0.0.1:${(fake.server.address() as AddressInfo).port}`;
  t = await startTestApp(
    { GOOGLE_CLIENT_ID: 'gid', GOOGLE_CLIENT_SECRET: 'shh', GITHUB_CLIENT_ID: 'hid', GITHUB_CLIENT_SECRET: 'shh', ADMIN_EMAILS: 'rangi@gh.example,squatted@example.nz' },
    {
      oauthEndpoints: {
        google: { authorizeUrl: `${base}/authorize`, tokenUrl: `${base}/token`, profileUrl: `${base}/userinfo` },
        github: { authorizeUrl: `${base}/authorize`, tokenUrl: `${base}/token`, profileUrl: `${base}/user`, emailsUrl: `${base}/user/emails` },
      },
    },
  );
});
afterAll(async () => {
  await t.close();
  fake.server.close();
});

async function signInWith(provider: 'google' | 'github', code = 'good-code') {
  const c = client(t.app);
  const start = await c.get(`/api/login/${provider}?returnTo=%2Fprofile`);
  expect(start.statusCode).toBe(302);
  const authorize = new URL(start.headers.location as string);
  expect(authorize.searchParams.get('client_id')).toBe(provider === 'google' ? 'gid' : 'hid');
  expect(authorize.searchParams.get('redirect_uri')).toBe(`http://localhost:80/api/callback/${provider}`);
  const state = authorize.searchParams.get('state')!;
  const back = await c.get(`/api/callback/${provider}?code=${code}&state=${state}`);
  return { c, back };
}

describe('sign-in with Google and GitHub', () => {
  it('lists both providers when configured', async () => {
    expect((await client(t.app).get('/api/auth/providers')).json()).toEqual({ google: true, github: true, email: true });
  });

  it('registers on first Google sign-in and signs in again later as the same account', async () => {
    const { c, back } = await signInWith('google');
    expect(back.headers.location).toBe('/profile');
    const me = (await c.get('/api/auth/user')).json();
    expect(me).toMatchObject({ email: 'rangi@gmail.example', firstName: 'Rangi', lastName: 'Parata', roles: ['general'], profileImageUrl: 'https://img.example/r.png', hasPassword: false });
    const again = await signInWith('google');
    expect((await again.c.get('/api/auth/user')).json().id).toBe(me.id);
  });

  it('uses the primary verified GitHub email', async () => {
    const { c } = await signInWith('github');
    expect((await c.get('/api/auth/user')).json()).toMatchObject({ email: 'rangi@gh.example', firstName: 'Rangi', lastName: 'Parata' });
  });

  it('refuses a callback without the state it started with', async () => {
    const c = client(t.app);
    await c.get('/api/login/google');
    const res = await c.get('/api/callback/google?code=good-code&state=forged');
    expect(res.headers.location).toBe('/sign-in?error=expired&provider=google');
    expect((await c.get('/api/auth/user')).statusCode).toBe(401);
  });

  it('sends the person back to sign-in when the provider refuses the code or the email is unverified', async () => {
    const bad = await signInWith('google', 'bad-code');
    expect(bad.back.headers.location).toBe('/sign-in?error=failed&provider=google');
    fake.setVerified(false);
    const unverified = await signInWith('github');
    fake.setVerified(true);
    expect(unverified.back.headers.location).toBe('/sign-in?error=unverified&provider=github');
  });

  it('makes a listed address admin when the provider verified it and the account has no password', async () => {
    const { c } = await signInWith('github');
    expect((await c.get('/api/auth/user')).json()).toMatchObject({ email: 'rangi@gh.example', roles: ['general', 'admin'] });
  });

  it('mails a link instead to a listed password account, and refuses that link to a provider sign-in', async () => {
    // Someone registered the listed address with a password before its owner came.
    await client(t.app).register('squatted@example.nz', 'the squatters password');
    fake.setGoogleEmail('squatted@example.nz');
    try {
      const { c } = await signInWith('google');
      expect((await c.get('/api/auth/user')).json()).toMatchObject({ email: 'squatted@example.nz', roles: ['general'] });
      const link = (await adminLinkFor(t.dataDir, 'squatted@example.nz'))!;
      const refused = await c.get(link);
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toEqual({ message: 'Sign in with your email and password, then open the link again.' });
      expect((await c.get('/api/auth/user')).json().roles).toEqual(['general']);
    } finally {
      fake.setGoogleEmail('Rangi@Gmail.example');
    }
  });

  it('says so when a provider is not configured', async () => {
    const plain = await startTestApp();
    const res = await client(plain.app).get('/api/login/github');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'GitHub sign-in is not configured on this server.' });
    await plain.close();
  });
});
