import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, startTestApp, type TestApp } from '../testing/test-app';

let production: TestApp;
let validating: TestApp;
beforeAll(async () => {
  production = await startTestApp({ NODE_ENV: 'production' });
  validating = await startTestApp();
});
afterAll(async () => {
  await production.close();
  await validating.close();
});

/** The same user in both apps, so their answers can be compared byte for byte. */
async function signedIn(t: TestApp) {
  const c = client(t.app);
  await c.register('same@example.nz');
  return c;
}

describe('responses in production (fast-json-stringify) and validated (zod + JSON.stringify)', () => {
  it('are the same bytes on every read route', async () => {
    const [p, v] = await Promise.all([signedIn(production), signedIn(validating)]);
    for (const url of ['/api/health', '/api/locations', '/api/roles', '/api/public/stats', '/api/summaries/valuations?pageSize=5', '/api/auth/providers', '/api/summaries/properties/nope']) {
      const [a, b] = await Promise.all([p.get(url), v.get(url)]);
      expect(a.statusCode, url).toBe(b.statusCode);
      expect(a.body, url).toBe(b.body);
    }
    const [a, b] = await Promise.all([p.get('/api/auth/user'), v.get('/api/auth/user')]);
    expect(a.statusCode).toBe(200);
    const strip = (body: string) => body.replace(/"id":"[^"]+"/, '"id":"x"').replace(/"createdAt":"[^"]+"/, '"createdAt":"x"');
    expect(strip(a.body)).toBe(strip(b.body));
  });
});
