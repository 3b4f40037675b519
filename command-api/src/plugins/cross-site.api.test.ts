import { loadConfig } from '@kainga/platform';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { client, startTestApp, type TestApp } from '../testing/test-app';
import { hostnameOf, hostPolicy, originWarning } from './cross-site';

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

const get = (app: TestApp['app'], host: string) => app.inject({ method: 'GET', url: '/api/health', headers: { host } });

describe('the Host a request names', () => {
  it('without PUBLIC_URL: serves localhost and IP addresses, refuses another name with 421 {message}', async () => {
    t = await startTestApp();
    for (const host of ['localhost:3000', 'app.localhost', '127.0.0.1:3000', '10.1.2.3', '[::1]:3000']) {
      expect((await get(t.app, host)).statusCode, host).toBe(200);
    }
    const rebound = await get(t.app, 'evil.example:3000');
    expect(rebound.statusCode).toBe(421);
    expect(rebound.json()).toEqual({ message: 'This server does not answer for the host "evil.example:3000".' });
    // A page on a rebound name cannot change state either: it never reaches the origin check.
    const post = await t.app.inject({ method: 'POST', url: '/api/auth/login', headers: { host: 'evil.example', origin: 'http://evil.example' }, payload: { email: 'a@b.nz', password: 'x' } });
    expect(post.statusCode).toBe(421);
  });

  it('with PUBLIC_URL and ALLOWED_HOSTS: serves their names (any port) and refuses others', async () => {
    t = await startTestApp({ PUBLIC_URL: 'https://kainga.example', ALLOWED_HOSTS: 'www.kainga.example' });
    expect((await get(t.app, 'kainga.example')).statusCode).toBe(200);
    expect((await get(t.app, 'KAINGA.example:443')).statusCode).toBe(200);
    expect((await get(t.app, 'www.kainga.example')).statusCode).toBe(200);
    expect((await get(t.app, 'localhost:3000')).statusCode).toBe(200);
    expect((await get(t.app, 'other.example')).statusCode).toBe(421);
  });

  it('refuses a malformed Host', async () => {
    t = await startTestApp();
    for (const host of ['evil.example@localhost', 'localhost/x', 'local host']) {
      expect((await get(t.app, host)).statusCode, host).toBe(421);
    }
  });

  it('parses host names and knows which it serves', () => {
    expect(hostnameOf('Kainga.NZ.:8080')).toBe('kainga.nz');
    expect(hostnameOf('[::1]:80')).toBe('::1');
    expect(hostnameOf('a@b')).toBeNull();
    const served = hostPolicy(loadConfig({ PUBLIC_URL: 'https://kainga.nz:8443/app' }));
    expect(['kainga.nz', 'localhost', '192.168.1.5', '::1'].every(served)).toBe(true);
    expect(served('kainga.nz.evil.example')).toBe(false);
  });
});

describe('state-changing requests from another site', () => {
  it('refuses a foreign Referer when there is no Origin, and a same-site sibling', async () => {
    t = await startTestApp();
    const body = { email: 'referer@y.nz', password: 'long enough', firstName: 'A', lastName: 'B' };
    expect((await client(t.app).post('/api/auth/register', body, { referer: 'https://evil.example/x' })).statusCode).toBe(403);
    expect((await client(t.app).post('/api/auth/register', body, { 'sec-fetch-site': 'same-site' })).statusCode).toBe(403);
    expect((await client(t.app).post('/api/auth/register', body, { referer: 'http://localhost:80/sign-up', 'sec-fetch-site': 'same-origin' })).statusCode).toBe(201);
  });
});

describe('start-up warning', () => {
  it('says so when a production-like run has no PUBLIC_URL', async () => {
    let warn: ReturnType<typeof vi.spyOn> | undefined;
    t = await startTestApp({ TRUST_PROXY: '1' }, (base) => {
      warn = vi.spyOn(base.logger, 'warn');
      return {};
    });
    expect(warn).toHaveBeenCalledWith(expect.stringMatching(/^PUBLIC_URL is not set: the origin allowed to change state follows each request's Host header/));
  });

  it('is silent in development and whenever PUBLIC_URL is set', () => {
    expect(originWarning(loadConfig({}))).toBeNull();
    expect(originWarning(loadConfig({ NODE_ENV: 'production', PUBLIC_URL: 'https://kainga.nz' }))).toBeNull();
    expect(originWarning(loadConfig({ NODE_ENV: 'production', ALLOWED_HOSTS: 'kainga.nz' }))).toContain('served hosts: localhost, IP addresses, kainga.nz');
  });
});
