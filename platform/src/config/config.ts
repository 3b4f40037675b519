import { isIP } from 'node:net';
import { z } from 'zod';
import { applyPasswordFiles } from './password-files';

const bool = (fallback: boolean) =>
  z
    .enum(['true', 'false', '1', '0', 'yes', 'no'], { error: 'must be true or false' })
    .optional()
    .transform((v) => (v === undefined ? fallback : ['true', '1', 'yes'].includes(v)));
const optionalString = z
  .string()
  .optional()
  .transform((v) => (v && v.trim() !== '' ? v.trim() : undefined));
const optionalUrl = (prefixes: string[]) =>
  optionalString.refine((v) => v === undefined || prefixes.some((p) => v.startsWith(p)), { message: `must start with ${prefixes.join(' or ')}` });

/** proxy-addr's names for whole address ranges, accepted in a TRUST_PROXY list. */
const PROXY_RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);
const isProxyAddress = (entry: string) => {
  if (PROXY_RANGE_NAMES.has(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const family = isIP(address);
  if (!family || rest.length) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) ? Number(prefix) <= (family === 4 ? 32 : 128) : isIP(prefix) === 4;
};

/**
 * Which proxies may say who the client is (X-Forwarded-For/-Proto/-Host), in the form Fastify's
 * `trustProxy` takes: `false` (none: the socket's peer is the client), a hop count (the last n
 * addresses are our proxies), or the proxies' addresses/CIDRs. Trusting every proxy would let
 * any client pick its own address and escape every per-address limit, so `true` means one hop.
 */
const trustProxy = z
  .string()
  .optional()
  .transform((v, ctx): false | number | string[] => {
    const value = (v ?? '').trim().toLowerCase();
    if (['', 'false', 'no', '0'].includes(value)) return false;
    if (['true', 'yes'].includes(value)) return 1;
    if (/^\d+$/.test(value) && Number(value) <= 10) return Number(value);
    const entries = value.split(',').map((e) => e.trim()).filter(Boolean);
    if (entries.length && entries.every(isProxyAddress)) return entries;
    ctx.addIssue({ code: 'custom', message: 'must be false, a number of proxy hops (1-10; true means 1), or comma-separated proxy addresses/CIDRs (e.g. 10.0.0.0/8,127.0.0.1)' });
    return z.NEVER;
  });

/** Host names (no scheme, no port) this server answers for besides PUBLIC_URL's. */
const hostList = z
  .string()
  .optional()
  .transform((v) => (v ?? '').split(',').map((h) => h.trim().toLowerCase()).filter(Boolean))
  .refine((hosts) => hosts.every((h) => /^[a-z0-9.-]+$/.test(h) || isIP(h) === 6), { message: 'must be comma-separated host names without scheme or port, e.g. kainga.nz,www.kainga.nz' });

/** "Name <address>" or a bare address, one line: the From of every email. */
const sender = optionalString.refine((v) => v === undefined || /^(?:[^\r\n<>]*<[^\s@<>]+@[^\s@<>]+\.[^\s@<>]+>|[^\s@<>]+@[^\s@<>]+\.[^\s@<>]+)$/.test(v), {
  message: 'must be an address or "Name <address>", e.g. Kāinga <no-reply@kainga.nz>',
});

/** The connection-string schemes the installed @eventstore/db-client accepts (its parseConnectionString). */
export const EVENTSTORE_SCHEMES = ['esdb://', 'esdb+discover://'] as const;

/** Every environment variable Kāinga reads; `.env.example` documents each one. */
export const ConfigSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number({ error: 'must be a port number' }).int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  SEED_DEMO: bool(true),
  ROLE: z.enum(['all', 'api', 'projections'], { error: 'must be all, api or projections' }).default('all'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SESSION_SECRET: optionalString.refine((v) => v === undefined || v.length >= 32, { message: 'must be at least 32 characters' }),
  SESSION_MAX_AGE_DAYS: z.coerce.number().int().min(1).max(365).default(14),
  /** Days the embedded outbox keeps a copy of each mail (docs/retention.md). */
  OUTBOX_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(30),
  TRUST_PROXY: trustProxy,
  PUBLIC_URL: optionalUrl(['http://', 'https://']).refine((v) => v === undefined || URL.canParse(v), { message: 'must be a URL, e.g. https://kainga.nz' }),
  ALLOWED_HOSTS: hostList,
  /** Headers and body of a request must arrive within this; a slow or stalled sender gets 408. */
  REQUEST_TIMEOUT_MS: z.coerce.number({ error: 'must be a number of milliseconds' }).int().min(50).max(600_000).default(10_000),
  ADMIN_EMAILS: z
    .string()
    .optional()
    .transform((v) => (v ?? '').split(',').map((e) => e.trim().toLowerCase()).filter(Boolean)),
  RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(600),
  /**
   * Exactly the schemes @eventstore/db-client 6 parses (esdb, esdb+discover; case-sensitive). The
   * kurrentdb:// and kdb:// of KurrentDB's documentation belong to the newer @kurrent/kurrentdb-client:
   * this client refuses them at start-up with a parse error, so they are refused here, by name.
   * KurrentDB servers take esdb:// all the same (same gRPC protocol).
   */
  EVENTSTORE_URL: optionalString.refine((v) => v === undefined || EVENTSTORE_SCHEMES.some((s) => v.startsWith(s)), {
    message: `must start with ${EVENTSTORE_SCHEMES.join(' or ')}, e.g. esdb://eventstore:2113?tls=false (kurrentdb:// and kdb:// are not understood by the installed @eventstore/db-client; write esdb:// for a KurrentDB server too)`,
  }),
  MONGO_URL: optionalUrl(['mongodb://', 'mongodb+srv://']),
  MONGO_DB: z.string().default('kainga'),
  TEMPORAL_ADDRESS: optionalString,
  /**
   * Files holding MONGO_URL's and EVENTSTORE_URL's passwords (Docker secrets), for URLs that name
   * the user only: the password is then in neither the environment nor a compose file.
   */
  MONGO_PASSWORD_FILE: optionalString,
  EVENTSTORE_PASSWORD_FILE: optionalString,
  /**
   * A file the process rewrites every 30 s while its own health check passes (read models caught
   * up; the Temporal worker polling): the container health check of a process without HTTP reads
   * its age. Unset: no file.
   */
  HEARTBEAT_FILE: optionalString,
  GEOCODER_URL: optionalUrl(['http://', 'https://']),
  OPENAI_API_KEY: optionalString,
  OPENAI_BASE_URL: optionalUrl(['http://', 'https://']),
  OPENAI_MODEL: z.string().default('gpt-4o-mini'),
  /**
   * Outgoing mail server, e.g. smtp://user:pass@mail.example:587 (STARTTLS when offered) or
   * smtps://…:465 (TLS from the start). Unset: mail is written as .eml files to DATA_DIR/outbox.
   */
  SMTP_URL: optionalUrl(['smtp://', 'smtps://']).refine((v) => v === undefined || (URL.canParse(v) && new URL(v).hostname !== ''), {
    message: 'must be a URL, e.g. smtp://user:pass@mail.example:587',
  }),
  /** The sender of every email. Unset: "Kāinga <no-reply@HOST>", HOST being PUBLIC_URL's host, else localhost. */
  EMAIL_FROM: sender,
  /**
   * A JSON file of the advertising plans to create at start-up (a list as POST /api/admin/ad-plans
   * takes; prices in NZD). Unset: ops/config/ad-plans.json. Only tiers without a plan are created.
   */
  AD_PLANS_FILE: optionalString,
  GOOGLE_CLIENT_ID: optionalString,
  GOOGLE_CLIENT_SECRET: optionalString,
  GITHUB_CLIENT_ID: optionalString,
  GITHUB_CLIENT_SECRET: optionalString,
  /**
   * Stripe (payments): the three are set together or not at all. Unset: every payment action
   * answers 503 with a clear message, and admins still allocate plans.
   */
  STRIPE_SECRET_KEY: optionalString.refine((v) => v === undefined || /^(sk|rk)_(test|live)_\w+$/.test(v), { message: 'must be a Stripe secret key, e.g. sk_test_…' }),
  STRIPE_PUBLISHABLE_KEY: optionalString.refine((v) => v === undefined || /^pk_(test|live)_\w+$/.test(v), { message: 'must be a Stripe publishable key, e.g. pk_test_…' }),
  STRIPE_WEBHOOK_SECRET: optionalString.refine((v) => v === undefined || /^whsec_\w+$/.test(v), { message: 'must be a Stripe webhook signing secret, e.g. whsec_…' }),
  /** Where the Stripe SDK sends its requests instead of api.stripe.com (a local Stripe-compatible server in tests). */
  STRIPE_API_URL: optionalUrl(['http://', 'https://']).refine((v) => v === undefined || URL.canParse(v), { message: 'must be a URL, e.g. http://127.0.0.1:12111' }),
  /**
   * Prometheus metrics (GET /metrics) on a listener of their own, never the public port. Unset
   * (and no METRICS_TOKEN): no metrics are served and requests are not timed.
   */
  METRICS_PORT: z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? undefined : v), z.coerce.number({ error: 'must be a port number' }).int().min(0).max(65535).optional()),
  /** The metrics listener's interface: loopback unless a scraper elsewhere needs it (0.0.0.0 in a container). */
  METRICS_HOST: z.string().default('127.0.0.1'),
  /**
   * A bearer token for GET /metrics: served on the public port too with it (for platforms with one
   * port), and asked for on METRICS_PORT as well when both are set.
   */
  METRICS_TOKEN: optionalString.refine((v) => v === undefined || v.length >= 32, { message: 'must be at least 32 characters' }),
  /**
   * OpenTelemetry traces (OTLP over HTTP) to this collector, e.g. http://otel-collector:4318;
   * unset: no spans are made. OpenTelemetry's own variables: its SDK reads these and the rest
   * (OTEL_EXPORTER_OTLP_HEADERS, OTEL_EXPORTER_OTLP_TRACES_ENDPOINT, …) itself.
   */
  OTEL_EXPORTER_OTLP_ENDPOINT: optionalUrl(['http://', 'https://']).refine((v) => v === undefined || URL.canParse(v), { message: 'must be a URL, e.g. http://otel-collector:4318' }),
  /** The service name on the spans (default kainga-api, kainga-projections or kainga-worker by process). */
  OTEL_SERVICE_NAME: optionalString,
});
export type Config = z.infer<typeof ConfigSchema>;

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** A URL's password (SMTP_URL, MONGO_URL) is never repeated in an error message or a log. */
const withoutPassword = (value: string | undefined) => value?.replace(/(\/\/[^:/@\s]*:)[^/\s]*@/, '$1***@');

/** Variables whose value is a secret: a wrong one is described, never repeated (a log keeps it). */
const SECRET_VARIABLES = new Set(['SESSION_SECRET', 'OPENAI_API_KEY', 'GOOGLE_CLIENT_SECRET', 'GITHUB_CLIENT_SECRET', 'STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET', 'METRICS_TOKEN']);
const shown = (name: string, value: string | undefined) =>
  value !== undefined && SECRET_VARIABLES.has(name) ? `a secret of ${value.length} characters, not shown` : JSON.stringify(withoutPassword(value) ?? null);

/** Parses the environment; a wrong value throws a ConfigError naming each variable. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = ConfigSchema.safeParse(env);
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((i) => `${i.path.join('.') || '(environment)'}: ${i.message} (got ${shown(String(i.path[0]), env[String(i.path[0])])})`));
  }
  const config = parsed.data;
  // Before the checks below: a password file's problems are reported with the others.
  const passwordProblems = applyPasswordFiles(config);
  const pairs: [keyof Config, keyof Config][] = [
    ['GOOGLE_CLIENT_ID', 'GOOGLE_CLIENT_SECRET'],
    ['GITHUB_CLIENT_ID', 'GITHUB_CLIENT_SECRET'],
  ];
  const missing = pairs.filter(([a, b]) => !!config[a] !== !!config[b]).map(([a, b]) => `${config[a] ? b : a}: must be set together with ${config[a] ? a : b}`);
  // A real mail server refuses a sender at localhost: SMTP needs a sender with a real domain.
  if (config.SMTP_URL && !config.EMAIL_FROM && !config.PUBLIC_URL) missing.push('EMAIL_FROM: must be set with SMTP_URL (or PUBLIC_URL, whose host then names the sender)');
  missing.push(...stripeProblems(config), ...passwordProblems);
  if (missing.length) throw new ConfigError(missing);
  return config;
}

const STRIPE_KEYS = ['STRIPE_SECRET_KEY', 'STRIPE_PUBLISHABLE_KEY', 'STRIPE_WEBHOOK_SECRET'] as const;

/**
 * Half a Stripe setup stops start-up rather than failing at a partner's first checkout: the
 * secret key makes the payments, the webhook secret proves Stripe's confirmations, and the
 * publishable key lets the browser's payment form talk to Stripe. Test and live keys do not mix.
 */
function stripeProblems(config: Config): string[] {
  const set = STRIPE_KEYS.filter((k) => config[k]);
  if (set.length === 0) return [];
  const problems = STRIPE_KEYS.filter((k) => !config[k]).map((k) => `${k}: must be set together with ${set.join(' and ')} (payments need all three)`);
  const mode = (key: string | undefined) => /_(test|live)_/.exec(key ?? '')?.[1];
  const secretMode = mode(config.STRIPE_SECRET_KEY);
  const publishableMode = mode(config.STRIPE_PUBLISHABLE_KEY);
  if (secretMode && publishableMode && secretMode !== publishableMode) problems.push(`STRIPE_PUBLISHABLE_KEY: is a ${publishableMode} key but STRIPE_SECRET_KEY is a ${secretMode} key; use the same mode for both`);
  return problems;
}

/** Whether GET /metrics is served (its own port, or the public one with a bearer token): requests are timed then. */
export const metricsEnabled = (config: Pick<Config, 'METRICS_PORT' | 'METRICS_TOKEN'>) => config.METRICS_PORT !== undefined || config.METRICS_TOKEN !== undefined;

/** Whether this server takes payments (all three Stripe keys set; loadConfig refuses a partial setup). */
export const paymentsConfigured = (config: Pick<Config, 'STRIPE_SECRET_KEY' | 'STRIPE_WEBHOOK_SECRET'>) => !!config.STRIPE_SECRET_KEY && !!config.STRIPE_WEBHOOK_SECRET;
