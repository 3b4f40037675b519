import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userStream } from '../accounts/user';
import { client, startTestApp, type TestApp } from '../testing/test-app';
import { API_SECURITY_HEADERS } from './security-headers';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('request basics: the request id and the security headers', () => {
  it('makes its own request id, whatever x-request-id the client sends, and records it as the correlation id', async () => {
    const chosen = { 'x-request-id': 'chosen-by-the-client' };
    const first = await client(t.app).post('/api/auth/register', { email: 'rid-one@example.nz', password: 'a long password', firstName: 'R', lastName: 'One' }, chosen);
    // The same header on a second, different registration: it was taken as the request id, and so
    // as the command's idempotency key, and this answered 409 (an Idempotency-Key reused).
    const second = await client(t.app).post('/api/auth/register', { email: 'rid-two@example.nz', password: 'a long password', firstName: 'R', lastName: 'Two' }, chosen);
    expect([first.statusCode, second.statusCode]).toEqual([201, 201]);
    const ids = [first, second].map((res) => res.headers['x-request-id'] as string);
    expect(ids[0]).toMatch(UUID);
    expect(ids[1]).toMatch(UUID);
    expect(ids[0]).not.toBe(ids[1]);
    const events = await t.stores.eventStore.readStream(userStream(first.json<{ id: string }>().id));
    expect(events.length).toBeGreaterThan(0);
    expect(events.every((e) => e.metadata.correlationId === ids[0])).toBe(true);
  });

  it('puts a fresh id and the API security headers on every answer, refusals too', async () => {
    const ok = await t.app.inject({ url: '/api/health' });
    const missing = await t.app.inject({ url: '/api/no-such-route' });
    const refused = await t.app.inject({ url: '/api/auth/user' });
    expect([ok.statusCode, missing.statusCode, refused.statusCode]).toEqual([200, 404, 401]);
    for (const res of [ok, missing, refused]) {
      expect(res.headers['x-request-id']).toMatch(UUID);
      expect(res.headers).toMatchObject(API_SECURITY_HEADERS);
    }
    expect(new Set([ok, missing, refused].map((res) => res.headers['x-request-id'])).size).toBe(3);
  });
});
