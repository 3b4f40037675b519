import { SIGNED_IN_HINT_COOKIE } from '@kainga/contracts';
import type { ReadStore } from '@kainga/platform';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { client, startTestApp, type TestApp } from '../testing/test-app';
import { SESSION_COOKIE } from './sessions';

/** The calls made on the `sessions` collection while `run` goes on, by method. */
async function sessionCalls(store: ReadStore, run: () => Promise<unknown>): Promise<string[]> {
  const calls: string[] = [];
  const original = store.collection.bind(store);
  const spy = vi.spyOn(store, 'collection').mockImplementation(((name: string) => {
    const coll = original(name);
    if (name !== 'sessions') return coll;
    return new Proxy(coll, { get: (target, key, receiver) => (typeof key === 'string' && typeof Reflect.get(target, key) === 'function' && calls.push(key), Reflect.get(target, key, receiver)) });
  }) as typeof store.collection);
  try {
    await run();
    return calls;
  } finally {
    spy.mockRestore();
  }
}

describe('signed-in reads go through the session reader', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => t.close());

  it('reads the session @fastify/session made, once, and writes nothing back', async () => {
    const c = client(t.app);
    const me = await c.register('reader@example.nz');
    let res!: Awaited<ReturnType<typeof c.get>>;
    const calls = await sessionCalls(t.stores.readStore, async () => {
      res = await c.get('/api/auth/user');
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: me.id, email: 'reader@example.nz' });
    expect(calls.filter((m) => m === 'findOne')).toHaveLength(1);
    expect(calls.filter((m) => /^(insert|replace|update|delete|bulk)/.test(m))).toEqual([]);
    expect(res.cookies.filter((k) => k.name === SESSION_COOKIE)).toEqual([]);
  });

  it('a cookie whose signature does not check out is signed out, and no session is looked up', async () => {
    const c = client(t.app);
    await c.register('forged@example.nz');
    const [sid] = c.cookie!.split('.');
    c.cookie = `${sid}.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA`;
    let status = 0;
    const calls = await sessionCalls(t.stores.readStore, async () => {
      status = (await c.get('/api/auth/user')).statusCode;
    });
    expect(status).toBe(401);
    expect(calls).toEqual([]);
  });

  it('an expired session is signed out and its hint cleared', async () => {
    const c = client(t.app);
    await c.register('expired@example.nz');
    const sid = c.cookie!.slice(0, c.cookie!.lastIndexOf('.'));
    await t.stores.readStore.collection('sessions').updateOne({ _id: sid }, { $set: { expire: new Date(Date.now() - 1000).toISOString() } });
    const res = await c.get('/api/auth/user', { cookie: `${SIGNED_IN_HINT_COOKIE}=1` });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: 'Please sign in to continue.' });
    expect(res.cookies.find((k) => k.name === SIGNED_IN_HINT_COOKIE)?.value).toBe('');
  });

  it('a session whose account cannot be found ends: signed out, and the session is deleted', async () => {
    const c = client(t.app);
    await c.register('gone@example.nz');
    const sid = c.cookie!.slice(0, c.cookie!.lastIndexOf('.'));
    const sessions = t.stores.readStore.collection<{ _id: string; sess: Record<string, unknown> }>('sessions');
    const doc = (await sessions.findOne({ _id: sid }))!;
    await sessions.updateOne({ _id: sid }, { $set: { sess: { ...doc.sess, userId: '00000000-0000-4000-8000-000000000000' } } });
    expect((await c.get('/api/auth/user')).statusCode).toBe(401);
    expect(await sessions.findOne({ _id: sid })).toBeNull();
  });

  it('sign-out in the session scope ends the session for the reader too', async () => {
    const c = client(t.app);
    await c.register('signout@example.nz');
    const cookie = c.cookie;
    expect((await c.get('/api/logout')).statusCode).toBe(302);
    c.cookie = cookie;
    expect((await c.get('/api/auth/user')).statusCode).toBe(401);
  });
});
