import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  ApiError,
  apiErrorIssues,
  apiErrorMessage,
  apiErrorStatus,
  apiJson,
  apiRequest,
  formatApiErrorMessage,
  getQueryFn,
  parseApiError,
} from './client';

afterEach(() => vi.unstubAllGlobals());

function stubFetch(response: Response) {
  const fetchMock = vi.fn(async (_url: string, _init?: RequestInit) => response);
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

describe('error message format (consumer spec §8)', () => {
  it('is the status, a colon and a space, then the body text', () => {
    expect(formatApiErrorMessage(409, '{"message":"taken"}', 'Conflict')).toBe('409: {"message":"taken"}');
  });
  it('uses the status text when the body is empty', () => {
    expect(formatApiErrorMessage(500, '', 'Internal Server Error')).toBe('500: Internal Server Error');
    expect(new ApiError(404, '', 'Not Found').message).toBe('404: Not Found');
  });
});

describe('reading an error back', () => {
  const conflict = new ApiError(409, JSON.stringify({ message: 'That email address is already used by another account.' }), 'Conflict');
  it('gets the server message', () => {
    expect(apiErrorMessage(conflict, 'Failed to update profile information.')).toBe(
      'That email address is already used by another account.',
    );
    expect(apiErrorStatus(conflict)).toBe(409);
  });
  it('falls back when there is no JSON message', () => {
    expect(apiErrorMessage(new ApiError(502, '<html>Bad gateway</html>', 'Bad Gateway'), 'fallback')).toBe('fallback');
    expect(apiErrorMessage(new ApiError(500, '', 'Internal Server Error'), 'fallback')).toBe('fallback');
    expect(apiErrorMessage(new TypeError('Failed to fetch'), 'fallback')).toBe('fallback');
    expect(apiErrorMessage(new ApiError(400, '{"message":"  "}', 'Bad Request'), 'fallback')).toBe('fallback');
  });
  it('works on a plain Error with the same message shape', () => {
    const plain = new Error('401: {"message":"Incorrect email or password."}');
    expect(parseApiError(plain)).toEqual({
      status: 401,
      body: { message: 'Incorrect email or password.' },
      text: '{"message":"Incorrect email or password."}',
    });
    expect(apiErrorStatus(new Error('nope'))).toBeNull();
  });
  it('reads the field issues of a 400', () => {
    const err = new ApiError(
      400,
      JSON.stringify({ message: 'Invalid request', issues: [{ path: 'email', message: 'Please enter a valid email address' }, { bad: 1 }] }),
      'Bad Request',
    );
    expect(apiErrorIssues(err)).toEqual([{ path: 'email', message: 'Please enter a valid email address' }]);
    expect(apiErrorIssues(conflict)).toEqual([]);
  });
});

describe('requests (consumer spec §7)', () => {
  it('sends credentials, and no body or content type without a body', async () => {
    const fetchMock = stubFetch(new Response('[]', { status: 200 }));
    await apiRequest('GET', '/api/things');
    const init = fetchMock.mock.calls[0]?.[1];
    expect(init?.credentials).toBe('include');
    expect(init?.body).toBeUndefined();
    expect(init?.headers).toBeUndefined();
  });
  it('sends a JSON body with a JSON content type when a body is given', async () => {
    const fetchMock = stubFetch(new Response('{"id":"u1"}', { status: 200 }));
    const out = await apiJson<{ id: string }>('PATCH', '/api/profile', { firstName: 'Aroha' });
    const init = fetchMock.mock.calls[0]?.[1];
    expect(init?.method).toBe('PATCH');
    expect(init?.credentials).toBe('include');
    expect(init?.headers).toEqual({ 'Content-Type': 'application/json' });
    expect(init?.body).toBe('{"firstName":"Aroha"}');
    expect(out).toEqual({ id: 'u1' });
  });
  it('sends an Idempotency-Key beside the JSON content type when one is given', async () => {
    const fetchMock = stubFetch(new Response('{"id":"s1"}', { status: 200 }));
    await apiJson('POST', '/api/things', { a: 1 }, undefined, 'key-12345678');
    expect(fetchMock.mock.calls[0]?.[1]?.headers).toEqual({ 'Content-Type': 'application/json', 'Idempotency-Key': 'key-12345678' });
  });
  it('throws the formatted error on a non-OK answer', async () => {
    stubFetch(new Response('{"message":"Too many attempts"}', { status: 429, statusText: 'Too Many Requests' }));
    await expect(apiRequest('POST', '/api/auth/login', {})).rejects.toThrow('429: {"message":"Too many attempts"}');
  });
  it('the user query reads 401 as no user', async () => {
    const fetchMock = stubFetch(new Response('{"message":"Not signed in"}', { status: 401 }));
    const fn = getQueryFn({ on401: 'returnNull' });
    const result = await fn({ queryKey: ['/api/auth/user'], signal: new AbortController().signal } as never);
    expect(result).toBeNull();
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/auth/user');
    expect(fetchMock.mock.calls[0]?.[1]?.credentials).toBe('include');
  });
  it('default reads join the query key with slashes and throw on 401', async () => {
    const fetchMock = stubFetch(new Response('{"message":"Not signed in"}', { status: 401, statusText: 'Unauthorized' }));
    const fn = getQueryFn({ on401: 'throw' });
    await expect(fn({ queryKey: ['/api/summaries/properties', 'p1'], signal: new AbortController().signal } as never)).rejects.toThrow(
      '401: {"message":"Not signed in"}',
    );
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/summaries/properties/p1');
  });
});
