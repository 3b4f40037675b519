import { createGeocoder, createLogger, ensureIndexes, loadConfig, openStores, ProjectionRunner, ReactorRunner, readOutbox, type Reactor } from '@kainga/platform';
import { allProjectors } from '@kainga/projections';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '../app';
import type { AppDeps } from '../deps';
import { SESSION_COOKIE } from '../plugins/sessions';

/**
 * The whole app in-process on a temporary DATA_DIR, with its projections running.
 * `extraDeps` may be a function of the base deps, so a caller further down the dependency
 * direction (workflows, ops) can add a workflow engine built on the same stores. `reactors`
 * (e.g. workflows' lead emails) run beside the projections, as ops/src/server.ts runs them.
 */
export async function startTestApp(
  env: Record<string, string> = {},
  extraDeps: Partial<AppDeps> | ((base: AppDeps) => Partial<AppDeps> | Promise<Partial<AppDeps>>) = {},
  options: { reactors?: (deps: AppDeps) => Reactor[] } = {},
) {
  const dataDir = mkdtempSync(join(tmpdir(), 'kainga-api-'));
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: dataDir, ...env });
  const logger = createLogger(config.LOG_LEVEL);
  const stores = await openStores(config);
  await ensureIndexes(stores.readStore, allProjectors);
  const runner = new ProjectionRunner({ eventStore: stores.eventStore, readStore: stores.readStore, projectors: allProjectors, logger });
  await runner.start();
  const base: AppDeps = { config, stores, logger, sessionSecret: 'test-secret-that-is-at-least-32-characters', geocoder: createGeocoder(config), projectionStatus: () => runner.statuses() };
  const deps: AppDeps = { ...base, ...(typeof extraDeps === 'function' ? await extraDeps(base) : extraDeps) };
  const reactors = options.reactors ? new ReactorRunner({ eventStore: stores.eventStore, readStore: stores.readStore, reactors: options.reactors(deps), logger }) : null;
  await reactors?.start();
  const app = await buildApp(deps);
  await app.ready();
  return {
    app,
    stores,
    dataDir,
    deps,
    reactors,
    async close() {
      await app.close();
      await deps.workflowEngine?.close();
      await reactors?.stop();
      await runner.stop();
      await stores.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export type TestApp = Awaited<ReturnType<typeof startTestApp>>;

/** The path and query of the newest admin-email link mailed to `email` (DATA_DIR/outbox), or null. */
export async function adminLinkFor(dataDir: string, email: string): Promise<string | null> {
  const mail = (await readOutbox(join(dataDir, 'outbox'))).filter((m) => m.to === email).at(-1);
  const link = mail && /https?:\/\/\S+\/api\/auth\/admin-email\?token=[\w-]+/.exec(mail.text)?.[0];
  return link ? new URL(link).pathname + new URL(link).search : null;
}

/** Registers `email` (listed in ADMIN_EMAILS) and proves it through the mailed link, as its owner would. */
export async function registerAdmin(t: { app: FastifyInstance; dataDir: string }, c: ReturnType<typeof client>, email: string, password?: string) {
  const me = await c.register(email, password);
  const link = await adminLinkFor(t.dataDir, email);
  if (!link) throw new Error(`no admin-email link was mailed to ${email}`);
  const res = await c.get(link);
  if (res.statusCode !== 302) throw new Error(`admin-email link failed: ${res.statusCode} ${res.body}`);
  return { ...me, roles: (await c.get('/api/auth/user')).json().roles as string[] };
}

export function sessionCookie(res: LightMyRequestResponse): string | undefined {
  // Browsers apply Set-Cookie headers in order; a sign-in clears the old cookie, then sets the new one.
  return res.cookies.filter((c) => c.name === SESSION_COOKIE).at(-1)?.value;
}

/** A browser-like client: keeps the session cookie between requests; `remoteAddress` is the client's IP. */
export function client(app: FastifyInstance, options: { remoteAddress?: string } = {}) {
  let cookie: string | undefined;
  const send = async (method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE', url: string, body?: unknown, headers: Record<string, string> = {}) => {
    const res = await app.inject({ method, url, payload: body as never, headers, cookies: cookie ? { [SESSION_COOKIE]: cookie } : {}, ...options });
    const next = sessionCookie(res);
    if (next !== undefined) cookie = next;
    return res;
  };
  return {
    get: (url: string, headers?: Record<string, string>) => send('GET', url, undefined, headers),
    post: (url: string, body?: unknown, headers?: Record<string, string>) => send('POST', url, body, headers),
    patch: (url: string, body?: unknown, headers?: Record<string, string>) => send('PATCH', url, body, headers),
    get cookie() {
      return cookie;
    },
    set cookie(value: string | undefined) {
      cookie = value;
    },
    async register(email: string, password = 'correct horse battery', firstName = 'Aroha', lastName = 'Ngata') {
      const res = await send('POST', '/api/auth/register', { email, password, firstName, lastName });
      if (res.statusCode !== 201) throw new Error(`register failed: ${res.statusCode} ${res.body}`);
      return res.json() as { id: string; email: string; roles: string[] };
    },
  };
}
export { makePartner, sampleProfile } from './partner-fixtures';
export { deliverStripeEvents } from './stripe-delivery';
export { adActivityCount, newAdCookie, placeAdvert, serveTokenFor } from '../advertising/activity/test-adverts';
export { AD_SESSION_COOKIE } from '../advertising/activity/ad-visitor';
export { postImage, solidImage } from '../uploads/testing';
