import { afterEach, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../testing/test-app';

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

// app.inject's socket peer is 127.0.0.1: the proxy in front, in these tests.
const providers = (app: TestApp['app'], forwardedFor: string) => app.inject({ method: 'GET', url: '/api/auth/providers', headers: { 'x-forwarded-for': forwardedFor } });

/**
 * The client's own X-Forwarded-For entries come first; the proxy appends the address it saw.
 * A client that writes a fresh address into the header each time must still share one budget.
 */
async function forgedAddressesShareOneBudget(app: TestApp['app']) {
  const answers: number[] = [];
  for (let i = 1; i <= 4; i++) answers.push((await providers(app, `198.51.100.${i}, 203.0.113.7`)).statusCode);
  expect(answers).toEqual([200, 200, 200, 429]);
  // Another real client (as the proxy saw it) has its own budget.
  expect((await providers(app, '198.51.100.1, 203.0.113.8')).statusCode).toBe(200);
}

describe('TRUST_PROXY: who the client is', () => {
  it('with one trusted hop, a client-sent X-Forwarded-For cannot pick the address the rate limit counts', async () => {
    t = await startTestApp({ TRUST_PROXY: '1', RATE_LIMIT_PER_MINUTE: '3' });
    await forgedAddressesShareOneBudget(t.app);
  });

  it('`true` means one hop, never "trust every entry"', async () => {
    t = await startTestApp({ TRUST_PROXY: 'true', RATE_LIMIT_PER_MINUTE: '3' });
    await forgedAddressesShareOneBudget(t.app);
  });

  it('with a list of proxy addresses, only those proxies are believed', async () => {
    t = await startTestApp({ TRUST_PROXY: '10.0.0.0/8,127.0.0.1', RATE_LIMIT_PER_MINUTE: '3' });
    await forgedAddressesShareOneBudget(t.app);
    // A chain of trusted proxies is walked back to the first address that is not one of them.
    expect((await providers(t.app, '198.51.100.9, 203.0.113.9, 10.0.0.2')).statusCode).toBe(200);
    for (let i = 0; i < 3; i++) await providers(t.app, `198.51.100.${i}, 203.0.113.9, 10.0.0.3`);
    expect((await providers(t.app, '198.51.100.99, 203.0.113.9')).statusCode).toBe(429);
  });

  it('without TRUST_PROXY, X-Forwarded-For is ignored: the socket peer is the client', async () => {
    t = await startTestApp({ RATE_LIMIT_PER_MINUTE: '3' });
    const answers: number[] = [];
    for (let i = 1; i <= 4; i++) answers.push((await providers(t.app, `203.0.113.${i}`)).statusCode);
    expect(answers).toEqual([200, 200, 200, 429]);
  });
});
