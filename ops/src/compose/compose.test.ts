import { VALUATION_TASK_QUEUE } from '@kainga/contracts';
import { ConfigSchema, loadConfig } from '@kainga/platform';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';

/**
 * docker-compose.yml, read as Docker Compose reads it (YAML with merge keys), checked against what
 * can be proven without a Docker engine: the variables the configuration reads, health checks,
 * published ports, how the processes start, and the commands docs/distributed.md gives.
 */
const root = join(dirname(fileURLToPath(import.meta.url)), '../../..');
const read = (file: string) => readFileSync(join(root, file), 'utf8');

interface Service {
  image?: string;
  build?: unknown;
  command?: string[];
  entrypoint?: string[];
  environment?: Record<string, string>;
  ports?: string[];
  healthcheck?: { test?: string[]; disable?: boolean };
  restart?: string;
  profiles?: string[];
  depends_on?: Record<string, { condition: string }>;
  volumes?: string[];
}
const compose = parse(read('docker-compose.yml'), { merge: true }) as { services: Record<string, Service> };
const services = Object.entries(compose.services);
/** The services built from ops/Dockerfile: Kāinga's own processes. */
const appServices = services.filter(([, s]) => s.image === 'kainga:local');
/** Jobs that run once and exit: no health check, no restart. */
const isOneShot = (s: Service) => s.restart === 'no';
const PROXY = 'proxy';

const schemaKeys = new Set(Object.keys(ConfigSchema.shape));

/** The value a container gets when the shell sets nothing: ${X:-default} → default, ${X:?…} → a stand-in. */
const interpolated = (value: string) =>
  value.replace(/\$\{(\w+)(?::?-([^}]*)|:?\?[^}]*)?\}/g, (_, name: string, fallback?: string) => (fallback ?? (name === 'SESSION_SECRET' ? 'x'.repeat(64) : '')));

describe('docker-compose.yml', () => {
  it('runs the api, projections, worker and the seed job from the one image', () => {
    expect(appServices.map(([name]) => name).sort()).toEqual(['api', 'projections', 'seed', 'worker']);
  });

  it('gives Kāinga only variables its configuration reads, with values it accepts', () => {
    for (const [name, service] of appServices) {
      const env = service.environment ?? {};
      expect(Object.keys(env).filter((k) => !schemaKeys.has(k)), `${name}: variables the config schema drops`).toEqual([]);
      const values = Object.fromEntries(Object.entries(env).map(([k, v]) => [k, interpolated(String(v))]));
      expect(() => loadConfig(values), name).not.toThrow();
    }
    // What an operator sets in the shell (or .env) is a variable of the configuration too.
    const interpolations = [...read('docker-compose.yml').matchAll(/\$\{(\w+)/g)].map((m) => m[1]!);
    expect(interpolations.length).toBeGreaterThan(0);
    expect(interpolations.filter((k) => !schemaKeys.has(k))).toEqual([]);
  });

  it('runs every app process with node itself, on a file that exists', () => {
    for (const [name, service] of appServices) {
      const [exe, ...args] = service.command ?? [];
      // npm, npx and tsx would stand between docker's SIGTERM and node.
      expect([exe, args[0], args[1]], name).toEqual(['node', '--import', 'tsx']);
      expect(existsSync(join(root, args[2]!)), `${name}: ${args[2]}`).toBe(true);
    }
    // The worker runs what `npm run worker` runs.
    const worker = (JSON.parse(read('package.json')) as { scripts: Record<string, string> }).scripts['worker'];
    expect(worker).toBe(`tsx ${compose.services['worker']!.command!.at(-1)}`);
    // The image's default command too.
    const cmd = /^CMD (\[.*\])$/m.exec(read('ops/Dockerfile'))?.[1];
    expect(JSON.parse(cmd ?? '[]')).toEqual(['node', '--import', 'tsx', 'ops/src/start.ts']);
  });

  it('has a health check for every long-running service, on files that exist', () => {
    for (const [name, service] of services) {
      if (isOneShot(service)) continue;
      expect(service.healthcheck?.test?.length, `${name} has no health check`).toBeGreaterThan(0);
      expect(service.healthcheck?.disable, name).not.toBe(true);
      expect(service.healthcheck?.test?.[0], name).toMatch(/^CMD(-SHELL)?$/);
      if (service.image === 'kainga:local') {
        for (const file of service.healthcheck!.test!.filter((a) => /\.(m?js|ts)$/.test(a))) expect(existsSync(join(root, file)), `${name}: ${file}`).toBe(true);
      }
    }
  });

  it('publishes ports on 127.0.0.1 only, but the proxy’s', () => {
    for (const [name, service] of services) {
      for (const port of service.ports ?? []) {
        // Short syntax: [host_ip:]host_port:container_port[/protocol]
        const parts = String(port).split(':');
        const hostIp = parts.length === 3 ? parts[0] : '0.0.0.0';
        if (name !== PROXY) expect(hostIp, `${name} publishes ${port}`).toBe('127.0.0.1');
      }
    }
    expect(compose.services['api']!.ports ?? [], 'the api is reached through the proxy only').toEqual([]);
  });

  it('trusts exactly the one proxy in front of the api', () => {
    const api = compose.services['api']!;
    expect(loadConfig({ TRUST_PROXY: api.environment!['TRUST_PROXY'] }).TRUST_PROXY).toBe(1);
    const proxy = compose.services[PROXY]!;
    expect(proxy.ports).toEqual(expect.arrayContaining(['80:80', '443:443']));
    expect(proxy.volumes).toContain('./ops/docker/Caddyfile:/etc/caddy/Caddyfile:ro');
    const caddyfile = read('ops/docker/Caddyfile');
    expect(caddyfile).toMatch(/^\{\$PUBLIC_URL\} \{$/m);
    expect(caddyfile).toMatch(/^\s+reverse_proxy api:3000$/m);
    expect(caddyfile).not.toMatch(/trusted_proxies/); // a client's own X-Forwarded-For is dropped
    expect(proxy.environment!['PUBLIC_URL']).toBe(api.environment!['PUBLIC_URL']);
  });

  it('seeds the demo data in a one-shot job beside a healthy api, never in the api', () => {
    const api = compose.services['api']!;
    expect(loadConfig({ SEED_DEMO: api.environment!['SEED_DEMO'] }).SEED_DEMO).toBe(false);
    const seed = compose.services['seed']!;
    expect(seed).toMatchObject({ restart: 'no', profiles: ['demo'], command: ['node', '--import', 'tsx', 'ops/src/seed-demo-cli.ts'] });
    for (const needed of ['api', 'projections', 'worker']) expect(seed.depends_on?.[needed], needed).toEqual({ condition: 'service_healthy' });
    // Nothing waits on the seed: the service is up whether or not demo data is loaded.
    for (const [name, service] of services) expect(Object.keys(service.depends_on ?? {}), name).not.toContain('seed');
  });

  it('sets up Temporal with admin-tools jobs, and KurrentDB with its own variables', () => {
    const images = services.map(([, s]) => s.image ?? '');
    expect(images.filter((i) => i.startsWith('temporalio/auto-setup'))).toEqual([]);
    const schema = compose.services['temporal-schema']!;
    const namespace = compose.services['temporal-namespace']!;
    expect([schema.image?.split(':')[0], schema.restart, namespace.image?.split(':')[0], namespace.restart]).toEqual(['temporalio/admin-tools', 'no', 'temporalio/admin-tools', 'no']);
    expect(compose.services['temporal']!.depends_on?.['temporal-schema']).toEqual({ condition: 'service_completed_successfully' });
    for (const [name] of appServices) expect(compose.services[name]!.depends_on?.['temporal-namespace'], name).toEqual({ condition: 'service_completed_successfully' });
    for (const job of [schema, namespace]) {
      const script = job.entrypoint?.at(-1) ?? '';
      expect(job.volumes?.some((v) => v.endsWith(`:${script}:ro`) && existsSync(join(root, v.split(':')[0]!))), script).toBe(true);
    }
    // The namespace the worker polls and its task queue are the ones the app uses.
    expect(read('ops/docker/temporal-namespace.sh')).toMatch(/namespace create --namespace default/);
    expect(read('workflows/src/worker.ts')).toMatch(/namespace: 'default'/);
    expect(read('ops/src/health/worker-health-cli.ts')).toMatch(/namespace: 'default'/);
    expect(VALUATION_TASK_QUEUE).toBe('kainga-valuations');

    const eventstore = compose.services['eventstore']!;
    expect(eventstore.image).toMatch(/^docker\.kurrent\.io\/kurrent-latest\/kurrentdb:25\./);
    expect(Object.keys(eventstore.environment ?? {}).filter((k) => !k.startsWith('KURRENTDB_'))).toEqual([]);
    expect(read('ops/Dockerfile')).toMatch(/^FROM node:(22|24)-/m);
  });

  it('is run the way docs/distributed.md and the contract-suite script say', () => {
    const section = read('docs/distributed.md');
    const scripts = (JSON.parse(read('package.json')) as { scripts: Record<string, string> }).scripts;
    const contracts = scripts['test:contracts:compose'];
    expect(contracts).toBeDefined();
    expect(section).toContain('npm run test:contracts:compose');
    expect(section).toContain('docker compose up --build');
    expect(section).toContain('docker compose --profile demo up');
    // The script reaches what compose publishes on the host, and MongoDB without the set's
    // member name (mongo:27017), which the host cannot resolve.
    expect(contracts).toContain("EVENTSTORE_URL='esdb://localhost:2113?tls=false'");
    expect(contracts).toContain("MONGO_URL='mongodb://localhost:27017/?directConnection=true'");
    expect(contracts).toContain('TEMPORAL_ADDRESS=localhost:7233');
    expect(compose.services['eventstore']!.ports).toContain('127.0.0.1:2113:2113');
    expect(compose.services['mongo']!.ports).toContain('127.0.0.1:27017:27017');
    expect(compose.services['temporal']!.ports).toContain('127.0.0.1:7233:7233');
    for (const file of contracts!.split(' ').filter((a) => a.endsWith('.test.ts'))) expect(existsSync(join(root, file)), file).toBe(true);
  });
});

describe('.env.example', () => {
  it('documents exactly the variables the configuration reads', () => {
    const names = read('.env.example')
      .split('\n')
      .filter((line) => /^[A-Z][A-Z0-9_]*=/.test(line))
      .map((line) => line.split('=')[0]!);
    expect(names.filter((k) => !schemaKeys.has(k)), 'named but not read').toEqual([]);
    expect([...schemaKeys].filter((k) => !names.includes(k)), 'read but not documented').toEqual([]);
  });
});
