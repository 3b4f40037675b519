import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, startTestApp, type TestApp } from '../testing/test-app';
import { cacheControlOf } from './pwa-static';

/**
 * A built PWA in miniature, as `npm run build -w pwa` lays it out: hashed assets with their .br
 * and .gz copies, the shell, the service worker, the manifest, and two prerendered screens.
 */
const script = Buffer.from(`export const answer = ${JSON.stringify('kainga '.repeat(400))};\n`);
const files: Record<string, Buffer> = {
  'index.html': Buffer.from('<!doctype html><title>shell</title><div id="root"></div>'),
  'assets/index-Abc123.js': script,
  'assets/index-Abc123.js.br': brotliCompressSync(script),
  'assets/index-Abc123.js.gz': gzipSync(script),
  'assets/tiny-Def456.js': Buffer.from('export {};\n'),
  'assets/index-Abc123.css': Buffer.from('body{margin:0}'),
  'sw.js': Buffer.from('self.addEventListener("install", () => {});'),
  'manifest.webmanifest': Buffer.from('{"name":"Kāinga"}'),
  'icons/icon-192.png': Buffer.from([0x89, 0x50, 0x4e, 0x47]),
  'prerendered/index.html': Buffer.from('<!doctype html><title>home</title><div id="root"><h1>home</h1></div>'),
  'prerendered/sign-in.html': Buffer.from('<!doctype html><title>sign in</title><div id="root"><h1>sign in</h1></div>'),
};

let pwaDir: string;
let t: TestApp;
beforeAll(async () => {
  pwaDir = mkdtempSync(join(tmpdir(), 'kainga-pwa-'));
  for (const [path, body] of Object.entries(files)) {
    mkdirSync(join(pwaDir, path, '..'), { recursive: true });
    writeFileSync(join(pwaDir, path), body);
  }
  t = await startTestApp({}, { pwaDir });
});
afterAll(async () => {
  await t.close();
  rmSync(pwaDir, { recursive: true, force: true });
});

const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });
const vary = (res: { headers: Record<string, unknown> }) => String(res.headers.vary ?? '').toLowerCase();

describe('hashed assets: precompressed copies chosen by Accept-Encoding, cached for a year', () => {
  const url = '/assets/index-Abc123.js';

  it('brotli when the browser takes it', async () => {
    const res = await get(url, { 'accept-encoding': 'gzip, deflate, br, zstd' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/^(text|application)\/javascript/);
    expect(vary(res)).toContain('accept-encoding');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.rawPayload.equals(files['assets/index-Abc123.js.br']!)).toBe(true);
  });

  it('gzip when the browser takes only gzip', async () => {
    const res = await get(url, { 'accept-encoding': 'gzip' });
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.headers['content-type']).toMatch(/^(text|application)\/javascript/);
    expect(vary(res)).toContain('accept-encoding');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.rawPayload.equals(files['assets/index-Abc123.js.gz']!)).toBe(true);
  });

  it('the file itself (identity) when the browser takes neither, still varying on Accept-Encoding', async () => {
    for (const headers of [{}, { 'accept-encoding': 'identity' }, { 'accept-encoding': 'deflate' }] as Record<string, string>[]) {
      const res = await get(url, headers);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBeUndefined();
      expect(vary(res)).toContain('accept-encoding');
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(res.rawPayload.equals(script)).toBe(true);
    }
  });

  it('the file itself when it has no compressed copy (too small to be worth one)', async () => {
    const res = await get('/assets/tiny-Def456.js', { 'accept-encoding': 'br, gzip' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.body).toBe('export {};\n');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('a missing asset is a 404, never the HTML shell', async () => {
    const res = await get('/assets/index-Old999.js', { 'accept-encoding': 'br' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'Not found.' });
  });
});

describe('what carries a release is revalidated on every use', () => {
  it('index.html (the shell of every client route), sw.js and the manifest: no-cache with an ETag', async () => {
    for (const url of ['/property/abc', '/index.html', '/sw.js', '/manifest.webmanifest']) {
      const res = await get(url, { 'accept-encoding': 'br, gzip' });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(res.headers.etag, url).toBeTruthy();
      const again = await get(url, { 'accept-encoding': 'br, gzip', 'if-none-match': String(res.headers.etag) });
      expect(again.statusCode, url).toBe(304);
    }
    expect((await get('/property/abc')).body).toContain('<title>shell</title>');
  });

  it('icons: an hour', async () => {
    expect((await get('/icons/icon-192.png')).headers['cache-control']).toBe('public, max-age=3600');
  });

  it('cacheControlOf treats a compressed copy like its file', () => {
    expect(cacheControlOf('index.html.br')).toBe('no-cache');
    expect(cacheControlOf('prerendered/sign-in.html.gz')).toBe('no-cache');
    expect(cacheControlOf('workbox-2767b327.js')).toBe('no-cache');
    expect(cacheControlOf('assets/MapPage-Dn5Iq8G3.js.br')).toBe('public, max-age=31536000, immutable');
  });
});

describe('prerendered public screens', () => {
  it('go to a signed-out visitor, varying on the cookie', async () => {
    const home = await get('/');
    expect(home.statusCode).toBe(200);
    expect(home.body).toContain('<h1>home</h1>');
    expect(home.headers['cache-control']).toBe('no-cache');
    expect(vary(home)).toContain('cookie');
    expect((await get('/sign-in')).body).toContain('<h1>sign in</h1>');
  });

  it('not with a query string, nor for a screen that was not prerendered', async () => {
    expect((await get('/sign-in?returnTo=%2Fprofile')).body).toContain('<title>shell</title>');
    expect((await get('/how-it-works')).body).toContain('<title>shell</title>');
  });

  it('a signed-in visitor gets the shell (the screens differ once signed in)', async () => {
    const person = client(t.app);
    await person.register('prerender@example.nz');
    const home = await person.get('/');
    expect(home.statusCode).toBe(200);
    expect(home.body).toContain('<title>shell</title>');
    expect(vary(home)).toContain('cookie');
  });
});
