import { VALUATION_TASK_QUEUE } from '@kainga/contracts';
import { ConfigSchema, loadConfig } from '@kainga/platform';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
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
  secrets?: string[];
  user?: string;
  profiles?: string[];
  depends_on?: Record<string, { condition: string }>;
  volumes?: string[];
}
const compose = parse(read('docker-compose.yml'), { merge: true }) as { services: Record<string, Service>; secrets: Record<string, { file?: string }> };
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
    // Each secret file a variable names, as the container would see it: one of the service's own
    // secrets, here a stand-in file of the same name.
    const secrets = mkdtempSync(join(tmpdir(), 'compose-secrets-'));
    for (const [name, service] of appServices) {
      const env = service.environment ?? {};
      expect(Object.keys(env).filter((k) => !schemaKeys.has(k)), `${name}: variables the config schema drops`).toEqual([]);
      const values = Object.fromEntries(
        Object.entries(env).map(([k, v]) => {
          const secret = /^\/run\/secrets\/(\w+)$/.exec(String(v))?.[1];
          if (!secret) return [k, interpolated(String(v))];
          expect(service.secrets, `${name}: ${k} names ${secret}`).toContain(secret);
          writeFileSync(join(secrets, secret), 'stand-in-password\n');
          return [k, join(secrets, secret)];
        }),
      );
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
    // `npm run worker` runs what the worker container runs, the shell replaced by it (exec), so
    // that npm's SIGTERM reaches node (ops/src/npm-run-worker.test.ts shows the drain).
    const worker = (JSON.parse(read('package.json')) as { scripts: Record<string, string> }).scripts['worker'];
    expect(worker).toBe(`exec ${compose.services['worker']!.command!.join(' ')}`);
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
        for (const file of service.healthcheck!.test!.filter((a) => /\.(sh|m?js|ts)$/.test(a))) expect(existsSync(join(root, file)), `${name}: ${file}`).toBe(true);
      }
    }
  });

  it('starts no Node process in any health check (node itself, npm, npx, tsx or mongosh)', () => {
    for (const [name, service] of services) {
      const test = service.healthcheck?.test ?? [];
      // Every word, the scripts given to a shell's -c included.
      const words = test.slice(1).join(' ').split(/[\s;&|()]+/);
      expect(words.filter((w) => /^(node|npm|npx|tsx|mongosh)$/.test(w.split('/').at(-1)!)), name).toEqual([]);
    }
    // The processes without HTTP check themselves and the container reads the heartbeat's age.
    for (const name of ['projections', 'worker']) {
      const service = compose.services[name]!;
      const file = service.environment!['HEARTBEAT_FILE'];
      expect(file, name).toMatch(/^\/tmp\//);
      expect(service.healthcheck!.test, name).toEqual(['CMD', 'sh', 'ops/docker/heartbeat-fresh.sh', file, '90']);
    }
    expect(compose.services['api']!.healthcheck!.test).toEqual(['CMD', 'bash', 'ops/docker/http-ok.sh', '3000', '/api/health']);
    // The image's own check too.
    expect(read('ops/Dockerfile')).toMatch(/^HEALTHCHECK .*\\\n\s+CMD \["bash", "ops\/docker\/http-ok\.sh", "3000", "\/api\/health"\]$/m);
  });

  it('pins every image to a release, never latest or a bare major', () => {
    const images = services.map(([name, s]) => [name, s.image!] as const).filter(([, image]) => image !== 'kainga:local');
    expect(images.length).toBeGreaterThan(5);
    for (const [name, image] of images) {
      // name:MAJOR.MINOR.PATCH, optionally -variant and @sha256 digest.
      expect(image, name).toMatch(/^[\w./-]+:\d+\.\d+(\.\d+)?(-[\w.]+)?(@sha256:[0-9a-f]{64})?$/);
      expect(image, name).not.toMatch(/:latest|kurrent-latest/);
    }
    // Every stage of the Dockerfile starts from a pinned Node release or from an earlier stage.
    const froms = [...read('ops/Dockerfile').matchAll(/^FROM (\S+)(?: AS (\S+))?$/gm)].map((m) => ({ from: m[1]!, as: m[2] }));
    const stages = new Set(froms.map((f) => f.as));
    for (const { from } of froms) expect(stages.has(from) || /^node:\d+\.\d+\.\d+-[a-z]+-slim$/.test(from), from).toBe(true);
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
    // The worker polls it, and its heartbeat asks Temporal about the same one.
    expect(read('workflows/src/worker.ts').match(/namespace: 'default'/g)).toHaveLength(2);
    expect(VALUATION_TASK_QUEUE).toBe('kainga-valuations');

    const eventstore = compose.services['eventstore']!;
    expect(eventstore.image).toMatch(/^docker\.kurrent\.io\/kurrent-lts\/kurrentdb:26\.0\.\d+$/);
    expect(Object.keys(eventstore.environment ?? {}).filter((k) => !k.startsWith('KURRENTDB_'))).toEqual([]);
    expect(read('ops/Dockerfile')).toMatch(/^FROM node:24\.\d+\.\d+-trixie-slim AS base$/m);
  });

  it('is run the way docs/distributed.md and the contract-suite script say', () => {
    const section = read('docs/distributed.md');
    const scripts = (JSON.parse(read('package.json')) as { scripts: Record<string, string> }).scripts;
    const contracts = scripts['test:contracts:compose'];
    expect(contracts).toBeDefined();
    expect(section).toContain('npm run test:contracts:compose');
    expect(section).toContain('docker compose up --build');
    expect(section).toContain('docker compose --profile demo up');
    // The script reaches what compose publishes on the host, signed in with the secrets' passwords,
    // KurrentDB over TLS with the compose CA, and MongoDB without the set's member name
    // (mongo:27017), which the host cannot resolve.
    expect(contracts).toContain('EVENTSTORE_URL="esdb://admin:$(cat secrets/kurrentdb-admin-password)@localhost:2113?tls=true&tlsCAFile=secrets/ca/ca.crt"');
    expect(contracts).toContain('MONGO_URL="mongodb://kainga:$(cat secrets/mongo-root-password)@localhost:27017/?directConnection=true&authSource=admin&tls=true&tlsCAFile=secrets/ca/ca.crt"');
    expect(compose.secrets['kurrentdb_admin_password']!.file).toBe('./secrets/kurrentdb-admin-password');
    expect(compose.secrets['mongo_root_password']!.file).toBe('./secrets/mongo-root-password');
    expect(compose.services['certs']!.volumes).toContain('./secrets/ca:/public-ca');
    expect(section).toContain('sh ops/docker/make-secrets.sh');
    expect(contracts).toContain('TEMPORAL_ADDRESS=localhost:7233');
    expect(compose.services['eventstore']!.ports).toContain('127.0.0.1:2113:2113');
    expect(compose.services['mongo']!.ports).toContain('127.0.0.1:27017:27017');
    expect(compose.services['temporal']!.ports).toContain('127.0.0.1:7233:7233');
    for (const file of contracts!.split(' ').filter((a) => a.endsWith('.test.ts'))) expect(existsSync(join(root, file)), file).toBe(true);
  });
});

describe('ops/Dockerfile', () => {
  const dockerfile = read('ops/Dockerfile');
  /** Each stage's name and its instructions (continuation lines joined). */
  const stages = dockerfile
    .replace(/\\\n/g, ' ')
    .split(/^(?=FROM )/m)
    .filter((part) => part.startsWith('FROM '))
    .map((part) => ({ name: /^FROM \S+ AS (\S+)/.exec(part)?.[1] ?? '', lines: part.split('\n').filter((l) => l && !l.startsWith('#')) }));
  const runtime = stages.at(-1)!;

  it('builds in stages, and the image is the runtime stage', () => {
    expect(stages.map((s) => s.name)).toEqual(['base', 'manifests', 'toolchain', 'build', 'production-deps', 'runtime']);
    // The compiler and the full install stay behind: the runtime stage starts from the bare base.
    expect(runtime.lines[0]).toBe('FROM base AS runtime');
    expect(runtime.lines.filter((l) => /apt-get|npm (ci|install)|g\+\+|python3/.test(l))).toEqual([]);
    expect(stages.find((s) => s.name === 'build')!.lines).toContain('RUN npm ci --no-audit --no-fund');
  });

  it('ships production dependencies only, and tsx with its locked dependencies', () => {
    const deps = stages.find((s) => s.name === 'production-deps')!.lines;
    expect(deps.find((l) => l.startsWith('RUN npm ci'))).toMatch(/^RUN npm ci --omit=dev /);
    // What the runtime copies from the full install: the built web app and tsx's own tree.
    const fromBuild = [...dockerfile.matchAll(/^COPY --from=build \/app\/(\S+) /gm)].map((m) => m[1]);
    expect(fromBuild).toEqual(['node_modules/tsx', 'node_modules/esbuild', 'node_modules/@esbuild', 'pwa/dist']);
    const lock = JSON.parse(read('package-lock.json')) as { packages: Record<string, { dependencies?: Record<string, string>; dev?: boolean }> };
    // tsx is a dev dependency whose only dependency is esbuild (whose binaries are @esbuild/*):
    // a lockfile that changes that needs this list changed too.
    expect(lock.packages['node_modules/tsx']!.dev).toBe(true);
    expect(Object.keys(lock.packages['node_modules/tsx']!.dependencies ?? {})).toEqual(['esbuild']);
    expect(Object.keys(lock.packages).filter((p) => p.startsWith('node_modules/tsx/node_modules/'))).toEqual([]);
    // The processes run what the image has.
    expect(/^CMD (\[.*\])$/m.exec(dockerfile)?.[1]).toBe('["node", "--import", "tsx", "ops/src/start.ts"]');
  });

  it('runs as the unprivileged node user, owning only its data directory', () => {
    const users = runtime.lines.filter((l) => l.startsWith('USER '));
    expect(users).toEqual(['USER node']);
    // USER comes after every instruction that writes files, before the command.
    const at = (prefix: string) => runtime.lines.findIndex((l) => l.startsWith(prefix));
    expect(at('USER ')).toBeGreaterThan(runtime.lines.findLastIndex((l) => /^(RUN|COPY) /.test(l)));
    expect(at('CMD ')).toBeGreaterThan(at('USER '));
    expect(runtime.lines).toContain('RUN mkdir -p /data && chown node:node /data');
    expect(runtime.lines.filter((l) => /--chown/.test(l))).toEqual([]);
    // No secret reaches the build context.
    expect(read('.dockerignore').split('\n')).toEqual(expect.arrayContaining(['secrets', '.env', '.env.*']));
  });
});

describe('docker-compose.yml security', () => {
  it('connects to MongoDB and KurrentDB as a user whose password is a secret, over verified TLS', () => {
    for (const [name, service] of appServices) {
      const env = service.environment ?? {};
      expect(service.volumes, name).toContain('./secrets/ca:/certs/ca:ro');
      const mongo = new URL(env['MONGO_URL']!);
      expect([mongo.username, mongo.password, mongo.searchParams.get('authSource')], name).toEqual(['kainga', '', 'admin']);
      expect([mongo.searchParams.get('tls'), mongo.searchParams.get('tlsInsecure'), mongo.searchParams.get('tlsCAFile')], name).toEqual(['true', null, '/certs/ca/ca.crt']);
      expect(env['MONGO_PASSWORD_FILE'], name).toBe('/run/secrets/mongo_root_password');
      const esdb = env['EVENTSTORE_URL']!;
      expect(esdb, name).toMatch(/^esdb:\/\/admin@eventstore:2113\?/);
      const params = new URLSearchParams(esdb.split('?')[1]);
      expect([params.get('tls'), params.get('tlsVerifyCert'), params.get('tlsCAFile')], name).toEqual(['true', null, '/certs/ca/ca.crt']);
      expect(env['EVENTSTORE_PASSWORD_FILE'], name).toBe('/run/secrets/kurrentdb_admin_password');
    }
    // No password, nor an anonymous or insecure connection, anywhere in the file.
    const text = read('docker-compose.yml');
    expect(text).not.toMatch(/(mongodb|esdb):\/\/[^\s@/]*:[^\s@/]*@/);
    expect(text).not.toMatch(/tls=false|INSECURE|tlsVerifyCert=false|tlsInsecure|tlsAllowInvalid|MONGO_INITDB_ROOT_PASSWORD:/);
  });

  it('runs KurrentDB and MongoDB on TLS certificates of the stack’s CA, MongoDB with access control', () => {
    const certs = compose.services['certs']!;
    expect([certs.restart, certs.image?.split(':')[0]]).toEqual(['no', 'ghcr.io/eventstore/es-gencert-cli']);
    expect(certs.volumes).toEqual(['./ops/docker/certs.sh:/docker/certs.sh:ro', 'compose-ca:/ca', 'kurrentdb-certs:/kurrentdb', 'mongo-certs:/mongo', './secrets/ca:/public-ca']);
    // Each certificate names the host the app connects to; each server gets only its own key.
    const script = read('ops/docker/certs.sh');
    expect(script).toMatch(/^issue node eventstore,localhost \/kurrentdb$/m);
    expect(script).toMatch(/^issue mongo mongo,localhost \/tmp\/mongo$/m);
    for (const [name, volume] of [['eventstore', 'kurrentdb-certs'], ['mongo', 'mongo-certs']] as const) {
      const service = compose.services[name]!;
      expect(service.depends_on?.['certs'], name).toEqual({ condition: 'service_completed_successfully' });
      expect(service.volumes, name).toContain(`${volume}:/certs:ro`);
      expect(service.volumes?.filter((v) => /compose-ca|-certs:/.test(v) && !v.startsWith(volume)), name).toEqual([]);
    }

    const eventstore = compose.services['eventstore']!;
    expect(eventstore.environment).toMatchObject({
      KURRENTDB_TRUSTED_ROOT_CERTIFICATES_PATH: '/certs/ca',
      KURRENTDB_CERTIFICATE_FILE: '/certs/node.crt',
      KURRENTDB_CERTIFICATE_PRIVATE_KEY_FILE: '/certs/node.key',
    });
    const start = read('ops/docker/kurrentdb-start.sh');
    expect(start).toContain('KURRENTDB_DEFAULT_ADMIN_PASSWORD=$(cat /run/secrets/kurrentdb_admin_password)');
    expect(start).toContain('KURRENTDB_DEFAULT_OPS_PASSWORD=$(cat /run/secrets/kurrentdb_ops_password)');

    const mongo = compose.services['mongo']!;
    expect(mongo.environment).toEqual({ MONGO_INITDB_ROOT_USERNAME: 'kainga', MONGO_INITDB_ROOT_PASSWORD_FILE: '/run/secrets/mongo_root_password' });
    expect(mongo.entrypoint).toEqual(['/bin/bash', '/docker/mongo-start.sh']);
    expect(read('ops/docker/mongo-start.sh').replace(/ \\\n\s+/g, ' ')).toMatch(
      /^exec docker-entrypoint\.sh mongod --replSet rs0 --bind_ip_all --keyFile \/tmp\/mongo-keyfile --tlsMode requireTLS --tlsCertificateKeyFile \/tmp\/mongo\.pem --tlsCAFile \/certs\/ca\.crt --tlsAllowConnectionsWithoutCertificates$/m,
    );
    expect(compose.services['mongo-replica-set']!.entrypoint!.at(-1)).toContain('mongosh --quiet --tls --tlsCAFile /certs/ca/ca.crt --host mongo --port 27017 /docker/mongo-replica-set.js');
    for (const [name] of appServices) expect(compose.services[name]!.depends_on?.['mongo-replica-set'], name).toEqual({ condition: 'service_completed_successfully' });
  });

  it('declares each secret once, mounts it where it is read, and makes it with make-secrets.sh', () => {
    const declared = Object.keys(compose.secrets);
    const used = new Set(services.flatMap(([, s]) => s.secrets ?? []));
    expect([...used].sort()).toEqual([...declared].sort());
    // Every /run/secrets/<name> a service reads is one of its own secrets.
    for (const [name, service] of services) {
      const mentioned = [...JSON.stringify(service).matchAll(/\/run\/secrets\/(\w+)/g)].map((m) => m[1]);
      expect(mentioned.filter((m) => !(service.secrets ?? []).includes(m!)), name).toEqual([]);
    }
    for (const script of ['mongo-start.sh', 'kurrentdb-start.sh']) {
      const service = services.find(([, s]) => s.entrypoint?.at(-1) === `/docker/${script}`)![1];
      const mentioned = [...read(`ops/docker/${script}`).matchAll(/\/run\/secrets\/(\w+)/g)].map((m) => m[1]);
      expect(mentioned.filter((m) => !(service.secrets ?? []).includes(m!)), script).toEqual([]);
    }
    // make-secrets.sh creates exactly the files compose reads, and keeps them when run again.
    const dir = join(mkdtempSync(join(tmpdir(), 'make-secrets-')), 'secrets');
    const make = () => spawnSync('sh', [join(root, 'ops/docker/make-secrets.sh'), dir], { encoding: 'utf8' });
    expect(make().status).toBe(0);
    const files = declared.map((k) => compose.secrets[k]!.file!.replace('./secrets/', ''));
    expect(readdirSync(dir).sort()).toEqual([...files].sort());
    const before = files.map((f) => readFileSync(join(dir, f), 'utf8'));
    expect(make().stdout.trim().split('\n').every((line) => line.startsWith('kept'))).toBe(true);
    expect(files.map((f) => readFileSync(join(dir, f), 'utf8'))).toEqual(before);
    expect(statSync(dir).mode & 0o777).toBe(0o700);
    // Passwords go into URLs unescaped; the keyfile is what mongod accepts (6 to 1024 base64 characters).
    for (const f of files.filter((f) => f.endsWith('password'))) expect(readFileSync(join(dir, f), 'utf8')).toMatch(/^[0-9a-f]{64}$/);
    expect(readFileSync(join(dir, 'mongo-keyfile'), 'utf8').replace(/\s/g, '')).toMatch(/^[A-Za-z0-9+/=]{6,1024}$/);
    expect(read('.gitignore').split('\n')).toContain('/secrets/');
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
