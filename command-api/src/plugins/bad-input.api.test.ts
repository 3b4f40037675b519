import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BODY_LIMIT } from '../app';
import { client, startTestApp, type TestApp } from '../testing/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const eventCount = () => t.stores.eventStore.countEvents();
/** A registration with `payload` as its raw JSON body. */
const post = (payload: string) => t.app.inject({ method: 'POST', url: '/api/auth/register', headers: { 'content-type': 'application/json' }, payload });

describe('bad input gets a clear answer and records nothing', () => {
  it('malformed JSON → 400', async () => {
    const before = await eventCount();
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/register', headers: { 'content-type': 'application/json' }, payload: '{"email": "a@b.nz",' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'The request body is not valid JSON.' });
    expect(await eventCount()).toBe(before);
  });

  it('wrong types and bad values → 400 with the field issues', async () => {
    const res = await client(t.app).post('/api/auth/register', { email: 'not-an-email', password: 'short', firstName: 42, lastName: '' });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.message).toMatch(/^Invalid body: /);
    const byPath = Object.fromEntries(body.issues.map((i: { path: string; message: string }) => [i.path, i.message]));
    expect(byPath).toMatchObject({
      email: 'Please enter a valid email address',
      password: 'Password must be at least 8 characters',
      firstName: 'First name must be text',
      lastName: 'Last name is required',
    });
  });

  it('unknown fields → 400 naming them', async () => {
    const res = await client(t.app).post('/api/auth/register', { email: 'x@y.nz', password: 'long enough', firstName: 'A', lastName: 'B', roles: ['admin'] });
    expect(res.statusCode).toBe(400);
    expect(res.json().issues).toEqual([expect.objectContaining({ path: 'roles' })]);
  });

  it('a missing body → 400', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/login' });
    expect(res.statusCode).toBe(400);
  });

  it('an oversized body → 413', async () => {
    const res = await client(t.app).post('/api/auth/register', { email: 'big@y.nz', password: 'x'.repeat(BODY_LIMIT + 10), firstName: 'A', lastName: 'B' });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ message: 'The request body is too large.' });
  });

  it('a wrong content type → 415', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/login', headers: { 'content-type': 'text/csv' }, payload: 'email,password' });
    expect(res.statusCode).toBe(415);
    expect(res.json()).toEqual({ message: 'Send the request body as application/json.' });
  });

  it('a state-changing request from another site → 403, from our own page → allowed', async () => {
    const before = await eventCount();
    const body = { email: 'csrf@y.nz', password: 'long enough', firstName: 'A', lastName: 'B' };
    const foreign = await client(t.app).post('/api/auth/register', body, { origin: 'https://evil.example' });
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json()).toEqual({ message: 'Requests from another site are not allowed.' });
    const crossSite = await client(t.app).post('/api/auth/register', body, { 'sec-fetch-site': 'cross-site' });
    expect(crossSite.statusCode).toBe(403);
    expect(await eventCount()).toBe(before);
    const own = await client(t.app).post('/api/auth/register', body, { origin: 'http://localhost:80', host: 'localhost:80' });
    expect(own.statusCode).toBe(201);
  });

  it('a malformed or over-long part of the address → {message}, not Fastify\'s own error shape', async () => {
    const malformed = await client(t.app).get('/api/summaries/properties/%E0%A4%A');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toEqual({ message: 'The address has a malformed part (bad %-encoding).' });
    const long = await client(t.app).get(`/api/summaries/properties/${'a'.repeat(1000)}`);
    expect(long.statusCode).toBe(414);
    expect(long.json()).toEqual({ message: 'A part of the address is too long.' });
  });

  it('a JSON body with a __proto__ or constructor.prototype key → 400 naming the key', async () => {
    const before = await eventCount();
    const proto = await post('{"email":"p@y.nz","password":"long enough","firstName":"A","lastName":"B","__proto__":{"roles":["admin"]}}');
    expect(proto.statusCode).toBe(400);
    expect(proto.json()).toEqual({ message: '"__proto__" is not an allowed key in the request body.' });
    const escaped = await post('{"email":"p@y.nz","\\u005f_proto__":{}}');
    expect(escaped.json()).toEqual({ message: '"__proto__" is not an allowed key in the request body.' });
    const nested = await post('{"email":"p@y.nz","password":"long enough","firstName":{"constructor":{"prototype":{}}},"lastName":"B"}');
    expect(nested.statusCode).toBe(400);
    expect(nested.json()).toEqual({ message: '"constructor.prototype" is not an allowed key in the request body.' });
    expect(await eventCount()).toBe(before);
  });

  it('text holding a control character → 400 naming the field, where a name "A\\u0000B" was stored as sent', async () => {
    const before = await eventCount();
    const nul = await post('{"email":"ctl@example.nz","password":"long enough","firstName":"A\\u0000B","lastName":"B"}');
    expect(nul.statusCode).toBe(400);
    expect(nul.json()).toEqual({ message: 'firstName holds a control character (U+0000) that text cannot hold here: remove it and try again.' });
    const formFeed = await post('{"email":"ctl@example.nz","password":"long enough","firstName":"A","lastName":"B\\f"}');
    expect(formFeed.json()).toEqual({ message: 'lastName holds a control character (U+000C) that text cannot hold here: remove it and try again.' });
    // DEL needs no escape in JSON.
    const del = await post('{"email":"ctl@example.nz","password":"long enough","firstName":"A\x7f","lastName":"B"}');
    expect(del.json()).toEqual({ message: 'firstName holds a control character (U+007F) that text cannot hold here: remove it and try again.' });
    expect(await eventCount()).toBe(before);
    // Escaped text that is not a control character still passes.
    const escaped = await post('{"email":"ctl@example.nz","password":"long enough","firstName":"M\\u0101ui","lastName":"B"}');
    expect(escaped.statusCode).toBe(201);
    expect(escaped.json()).toMatchObject({ firstName: 'Māui' });
  });

  it('text holding an unpaired surrogate ("\\ud800") → 400 naming the field, nothing recorded; an emoji (a pair) passes', async () => {
    const before = await eventCount();
    const high = await post('{"email":"half@example.nz","password":"long enough","firstName":"A\\ud800","lastName":"B"}');
    expect(high.statusCode).toBe(400);
    expect(high.json()).toEqual({ message: 'firstName holds an unpaired surrogate (U+D800), half of a character without its other half: send whole characters, as UTF-8, and try again.' });
    const low = await post('{"email":"half@example.nz","password":"long enough","firstName":"A","lastName":"\\udc00B"}');
    expect([low.statusCode, low.json().message]).toEqual([400, expect.stringMatching(/^lastName holds an unpaired surrogate \(U\+DC00\)/)]);
    expect(await eventCount()).toBe(before);
    // Not a surrogate: raw bytes that are not UTF-8 (here CESU-8 for U+D800) arrive as U+FFFD.
    const raw = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      headers: { 'content-type': 'application/json' },
      payload: Buffer.concat([Buffer.from('{"email":"bytes@example.nz","password":"long enough","firstName":"A'), Buffer.from([0xed, 0xa0, 0x80]), Buffer.from('","lastName":"B"}')]),
    });
    expect(raw.statusCode).toBe(201);
    expect(raw.json().firstName).toBe('A\ufffd\ufffd\ufffd');
    // Nor in the address: the router refuses its %-encoding.
    expect((await client(t.app).get('/api/summaries/properties/%ED%A0%80')).json()).toEqual({ message: 'The address has a malformed part (bad %-encoding).' });
    const emoji = await post('{"email":"smile@example.nz","password":"long enough","firstName":"Kiri \\ud83d\\ude00","lastName":"B"}');
    expect(emoji.statusCode).toBe(201);
    expect(emoji.json()).toMatchObject({ firstName: 'Kiri 😀' });
  });

  it('a query parameter given twice → 400 saying so, not that it is not a number', async () => {
    const res = await t.app.inject({ url: '/api/summaries/valuations?pageSize=5&pageSize=10' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'Invalid query: pageSize is given more than once: send it once', issues: [{ path: 'pageSize', message: 'pageSize is given more than once: send it once' }] });
  });

  it('a value of the wrong type → says which type it must be, not that it is missing', async () => {
    const post = (payload: string) => t.app.inject({ method: 'POST', url: '/api/auth/login', headers: { 'content-type': 'application/json' }, payload });
    const huge = await post('{"email":"a@b.nz","password":1e309}');
    expect(huge.statusCode).toBe(400);
    expect(huge.json()).toEqual({ message: 'Invalid body: Password must be text', issues: [{ path: 'password', message: 'Password must be text' }] });
    const missing = await post('{"email":"a@b.nz"}');
    expect(missing.json().issues).toEqual([{ path: 'password', message: 'Password is required' }]);
    // zod's own wording is replaced too; a schema's specific rule is kept.
    const notAnObject = await post('["a@b.nz","x"]');
    expect(notAnObject.json()).toEqual({ message: 'Invalid body: The body must be an object', issues: [{ path: 'body', message: 'The body must be an object' }] });
    const wrongEmail = await post('{"email":["a@b.nz"],"password":"x"}');
    expect(wrongEmail.json().issues).toEqual([{ path: 'email', message: 'Please enter a valid email address' }]);
  });

  it('an unknown API route → 404 JSON', async () => {
    const res = await client(t.app).get('/api/nope');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'There is no API route GET /api/nope.' });
  });
});

describe('service endpoints', () => {
  it('answers health and readiness', async () => {
    expect((await client(t.app).get('/api/health')).json()).toEqual({ status: 'ok' });
    const ready = await client(t.app).get('/api/ready');
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toMatchObject({ status: 'ready', eventStore: 'sqlite', readStore: 'embedded' });
    expect(ready.json().projections.map((p: { name: string }) => p.name)).toContain('users');
  });

  it('serves OpenAPI at /api/docs from the zod schemas', async () => {
    const ui = await client(t.app).get('/api/docs');
    expect(ui.statusCode).toBe(200);
    expect(ui.headers['content-type']).toContain('text/html');
    const spec = (await client(t.app).get('/api/docs/json')).json();
    expect(Object.keys(spec.paths)).toEqual(expect.arrayContaining(['/api/auth/register', '/api/auth/login', '/api/auth/user', '/api/profile', '/api/admin/users', '/api/admin/users/{userId}/roles']));
    expect(spec.paths['/api/auth/register'].post.requestBody.content['application/json'].schema.properties).toHaveProperty('email');
  });

  it('sends security headers and a request id', async () => {
    const res = await client(t.app).get('/api/health');
    expect(res.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-request-id']).toBeTruthy();
  });
});
