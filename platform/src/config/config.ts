import { z } from 'zod';

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
  TRUST_PROXY: bool(false),
  PUBLIC_URL: optionalUrl(['http://', 'https://']),
  ADMIN_EMAILS: z
    .string()
    .optional()
    .transform((v) => (v ?? '').split(',').map((e) => e.trim().toLowerCase()).filter(Boolean)),
  RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(600),
  EVENTSTORE_URL: optionalUrl(['esdb://', 'esdb+discover://', 'kurrentdb://', 'kdb://']),
  MONGO_URL: optionalUrl(['mongodb://', 'mongodb+srv://']),
  MONGO_DB: z.string().default('kainga'),
  TEMPORAL_ADDRESS: optionalString,
  GEOCODER_URL: optionalUrl(['http://', 'https://']),
  OPENAI_API_KEY: optionalString,
  OPENAI_BASE_URL: optionalUrl(['http://', 'https://']),
  OPENAI_MODEL: z.string().default('gpt-4o-mini'),
  GOOGLE_CLIENT_ID: optionalString,
  GOOGLE_CLIENT_SECRET: optionalString,
  GITHUB_CLIENT_ID: optionalString,
  GITHUB_CLIENT_SECRET: optionalString,
});
export type Config = z.infer<typeof ConfigSchema>;

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** Parses the environment; a wrong value throws a ConfigError naming each variable. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = ConfigSchema.safeParse(env);
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((i) => `${i.path.join('.') || '(environment)'}: ${i.message} (got ${JSON.stringify(env[String(i.path[0])] ?? null)})`));
  }
  const config = parsed.data;
  const pairs: [keyof Config, keyof Config][] = [
    ['GOOGLE_CLIENT_ID', 'GOOGLE_CLIENT_SECRET'],
    ['GITHUB_CLIENT_ID', 'GITHUB_CLIENT_SECRET'],
  ];
  const missing = pairs.filter(([a, b]) => !!config[a] !== !!config[b]).map(([a, b]) => `${config[a] ? b : a}: must be set together with ${config[a] ? a : b}`);
  if (missing.length) throw new ConfigError(missing);
  return config;
}
