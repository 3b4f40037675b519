import { createLogger } from '@kainga/platform';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../testing/test-app';

const lines: Record<string, unknown>[] = [];
const capture = new Writable({
  write(chunk: Buffer, _encoding, done) {
    for (const line of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(line) as Record<string, unknown>);
    done();
  },
});

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({}, { logger: createLogger('info', 'kainga', capture) });
});
afterAll(() => t.close());

const ofRequest = (id: string) => lines.filter((l) => l.reqId === id);

describe('request logging', () => {
  it('writes one line per request: method, url, status, response time and request id', async () => {
    const res = await t.app.inject({ url: '/api/health' });
    expect(res.statusCode).toBe(200);
    const mine = ofRequest(res.headers['x-request-id'] as string);
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ level: 30, method: 'GET', url: '/api/health', statusCode: 200, responseTime: expect.any(Number), msg: 'request completed' });
    expect(JSON.stringify(mine[0])).not.toContain('"req"');
  });

  it('logs a query’s parameter names without what was typed into them', async () => {
    const res = await t.app.inject({ url: '/api/partners/directory?search=aroha.ngata%40example.nz&page=2&flag' });
    const mine = ofRequest(res.headers['x-request-id'] as string);
    expect(mine[0]).toMatchObject({ url: '/api/partners/directory?search=…&page=…&flag=…' });
    expect(JSON.stringify(lines)).not.toContain('aroha.ngata');
  });

  it('still logs an unexpected error (with its stack), and its request line at error level', async () => {
    // A read store that fails under a route.
    const store = t.stores.readStore;
    const collection = store.collection.bind(store);
    store.collection = () => {
      throw new Error('boom');
    };
    const res = await t.app.inject({ url: '/api/public/stats' }).finally(() => {
      store.collection = collection;
    });
    expect(res.statusCode).toBe(500);
    const mine = ofRequest(res.headers['x-request-id'] as string);
    expect(mine).toHaveLength(2);
    expect(mine[0]).toMatchObject({ level: 50, msg: 'unhandled error', err: { message: 'boom', stack: expect.stringContaining('Error: boom') } });
    expect(mine[1]).toMatchObject({ level: 50, statusCode: 500, url: '/api/public/stats', msg: 'request completed' });
  });
});
