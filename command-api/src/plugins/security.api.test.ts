import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../testing/test-app';

let pwaDir: string;
let t: TestApp;
beforeAll(async () => {
  pwaDir = mkdtempSync(join(tmpdir(), 'kainga-pwa-'));
  writeFileSync(join(pwaDir, 'index.html'), '<!doctype html><title>shell</title>');
  writeFileSync(join(pwaDir, 'manifest.webmanifest'), '{"name":"Kāinga"}');
  t = await startTestApp({ RATE_LIMIT_PER_MINUTE: '2' }, { pwaDir });
});
afterAll(async () => {
  await t.close();
  rmSync(pwaDir, { recursive: true, force: true });
});

const get = (url: string) => t.app.inject({ method: 'GET', url, remoteAddress: '198.51.100.20' });

describe('the per-address rate limit', () => {
  it('counts API calls and refuses the one over the limit with Retry-After; pages and assets are never limited', async () => {
    for (let i = 0; i < 4; i++) {
      expect((await get('/manifest.webmanifest')).statusCode).toBe(200);
      expect((await get('/')).statusCode).toBe(200);
    }
    expect((await get('/api/auth/providers')).statusCode).toBe(200);
    expect((await get('/api/auth/providers')).statusCode).toBe(200);
    const refused = await get('/api/roles');
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.json()).toEqual({ message: expect.stringMatching(/^Too many requests\. Please wait \d+ seconds and try again\.$/) });
    // Pages are still served to the address the API refuses.
    expect((await get('/manifest.webmanifest')).statusCode).toBe(200);
  });
});
