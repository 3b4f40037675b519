/**
 * The typed API client (consumer spec §7, partner/admin spec §7).
 *
 * - Every call sends credentials (the session cookie).
 * - A JSON body, with a JSON content type, only when a body is given.
 * - A non-OK response throws an {@link ApiError} whose message is `${status}: ${bodyText || statusText}`
 *   (consumer spec §8). The server's error body is `{ message, issues? }` (DESIGN "API rules");
 *   {@link apiErrorMessage} and {@link apiErrorIssues} read it back for display.
 * - Default data reads are GETs on the query key's segments joined with slashes.
 */
import type { QueryFunction } from '@tanstack/react-query';
import type {
  AuthProviders,
  ErrorBody,
  LoginRequest,
  ProfileUpdateRequest,
  RegisterRequest,
  User,
} from '@kainga/contracts';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** The message of every failed call: the status, a colon and a space, then the body text or the status text. */
export function formatApiErrorMessage(status: number, bodyText: string, statusText: string): string {
  return `${status}: ${bodyText || statusText}`;
}

export class ApiError extends Error {
  readonly status: number;
  readonly bodyText: string;
  constructor(status: number, bodyText: string, statusText: string) {
    super(formatApiErrorMessage(status, bodyText, statusText));
    this.name = 'ApiError';
    this.status = status;
    this.bodyText = bodyText;
  }
}

export async function throwIfNotOk(res: Response): Promise<void> {
  if (res.ok) return;
  let text = '';
  try {
    text = await res.text();
  } catch {
    text = '';
  }
  throw new ApiError(res.status, text, res.statusText);
}

/**
 * One request; resolves with the (OK) response, throws {@link ApiError} otherwise. An
 * `idempotencyKey` goes out as the Idempotency-Key header, so the server answers a retried
 * write with its first result instead of doing it twice.
 */
export async function apiRequest(method: HttpMethod, url: string, body?: unknown, signal?: AbortSignal, idempotencyKey?: string): Promise<Response> {
  const init: RequestInit = { method, credentials: 'include', signal };
  if (body !== undefined || idempotencyKey !== undefined) {
    const headers: Record<string, string> = {};
    if (body !== undefined) headers['Content-Type'] = 'application/json';
    if (idempotencyKey !== undefined) headers['Idempotency-Key'] = idempotencyKey;
    init.headers = headers;
  }
  if (body !== undefined) init.body = JSON.stringify(body);
  const res = await fetch(url, init);
  await throwIfNotOk(res);
  return res;
}

/** {@link apiRequest} and parse the JSON answer (undefined for an empty answer). */
export async function apiJson<T>(method: HttpMethod, url: string, body?: unknown, signal?: AbortSignal, idempotencyKey?: string): Promise<T> {
  const res = await apiRequest(method, url, body, signal, idempotencyKey);
  const text = await res.text();
  return (text ? JSON.parse(text) : undefined) as T;
}

/** The default query function: GET `queryKey.join('/')`; on a 401 either throw or answer null. */
export function getQueryFn<T>(options: { on401: 'returnNull' | 'throw' }): QueryFunction<T | null> {
  return async ({ queryKey, signal }) => {
    const res = await fetch(queryKey.join('/'), { credentials: 'include', signal });
    if (options.on401 === 'returnNull' && res.status === 401) return null;
    await throwIfNotOk(res);
    return (await res.json()) as T;
  };
}

/** Split an error made by this client back into status and body. Works on any Error with that message shape. */
export function parseApiError(error: unknown): { status: number | null; body: ErrorBody | null; text: string } {
  const message = error instanceof Error ? error.message : typeof error === 'string' ? error : '';
  const match = /^(\d{3}): ([\s\S]*)$/.exec(message);
  if (!match) return { status: null, body: null, text: message };
  const status = Number(match[1]);
  const text = match[2] ?? '';
  try {
    const parsed: unknown = JSON.parse(text);
    if (parsed && typeof parsed === 'object' && typeof (parsed as { message?: unknown }).message === 'string') {
      const raw = parsed as { message: string; issues?: unknown };
      const issues = Array.isArray(raw.issues)
        ? raw.issues.filter(
            (i): i is { path: string; message: string } =>
              !!i && typeof i === 'object' && typeof i.path === 'string' && typeof i.message === 'string',
          )
        : undefined;
      return { status, body: issues ? { message: raw.message, issues } : { message: raw.message }, text };
    }
  } catch {
    // not JSON: fall through
  }
  return { status, body: null, text };
}

/** The server's `message` for display, or `fallback` when the error carries none. */
export function apiErrorMessage(error: unknown, fallback: string): string {
  const message = parseApiError(error).body?.message?.trim();
  return message ? message : fallback;
}

/** The field issues of a 400 answer (`issues: [{ path, message }]`), else an empty list. */
export function apiErrorIssues(error: unknown): { path: string; message: string }[] {
  return parseApiError(error).body?.issues ?? [];
}

export function apiErrorStatus(error: unknown): number | null {
  return error instanceof ApiError ? error.status : parseApiError(error).status;
}

/** The endpoints the shell uses, typed with the contracts. */
export const api = {
  providers: (signal?: AbortSignal) => apiJson<AuthProviders>('GET', '/api/auth/providers', undefined, signal),
  login: (body: LoginRequest) => apiJson<User>('POST', '/api/auth/login', body),
  register: (body: RegisterRequest) => apiJson<User>('POST', '/api/auth/register', body),
  updateProfile: (body: ProfileUpdateRequest) => apiJson<User>('PATCH', '/api/profile', body),
};
