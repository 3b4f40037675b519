import type { ReadStore } from '@kainga/platform';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { client, startTestApp, type TestApp } from '../testing/test-app';

/** Reads of the `sessions` collection while `run` goes on. */
async function sessionReads(store: ReadStore, run: () => Promise<unknown>): Promise<number> {
  const spy = vi.spyOn(store, 'collection');
  try {
    await run();
    return spy.mock.calls.filter(([name]) => name === 'sessions').length;
  } finally {
    spy.mockRestore();
  }
}

describe('the session scope', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => t.close());

  it('public reads never look a session up, even with a valid session cookie', async () => {
    const c = client(t.app);
    await c.register('scope@example.nz');
    const reads = await sessionReads(t.stores.readStore, async () => {
      for (const url of ['/api/health', '/api/public/stats', '/api/locations', '/api/summaries/valuations?pageSize=10', '/api/public/property-locations', '/api/auth/providers']) {
        expect((await c.get(url)).statusCode, url).toBe(200);
      }
    });
    expect(reads).toBe(0);
  });

  it('signed-in routes still read the session', async () => {
    const c = client(t.app);
    await c.register('scope2@example.nz');
    const reads = await sessionReads(t.stores.readStore, async () => expect((await c.get('/api/auth/user')).statusCode).toBe(200));
    expect(reads).toBeGreaterThan(0);
  });

  it('map details, which need the signed-in user, still answer 401 signed out', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/properties/00000000-0000-4000-8000-000000000000/map-details' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: 'Please sign in to continue.' });
  });
});
