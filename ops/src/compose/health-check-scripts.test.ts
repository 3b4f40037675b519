import { execFile, spawnSync } from 'node:child_process';
import { mkdtempSync, utimesSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/** The container health checks of docker-compose.yml, run as the containers run them: shell, no Node. */
const docker = join(dirname(fileURLToPath(import.meta.url)), '../../docker');
const run = (shell: string, script: string, ...args: string[]) => {
  const r = spawnSync(shell, [join(docker, script), ...args], { encoding: 'utf8', timeout: 10_000 });
  return { code: r.status, stderr: r.stderr.trim() };
};

describe('heartbeat-fresh.sh (projections, worker)', () => {
  const file = join(mkdtempSync(join(tmpdir(), 'heartbeat-check-')), 'worker');

  it('is unhealthy without a heartbeat, healthy with a fresh one, unhealthy with a stale one', () => {
    expect(run('sh', 'heartbeat-fresh.sh', file, '90')).toEqual({ code: 1, stderr: `No heartbeat at ${file} yet: the process is starting, or its last check failed (see its log).` });
    writeFileSync(file, new Date().toISOString());
    expect(run('sh', 'heartbeat-fresh.sh', file, '90')).toEqual({ code: 0, stderr: '' });
    const old = new Date(Date.now() - 120_000);
    utimesSync(file, old, old);
    const stale = run('sh', 'heartbeat-fresh.sh', file, '90');
    expect(stale.code).toBe(1);
    expect(stale.stderr).toMatch(/^The heartbeat at .+ is 1[23]\d s old \(at most 90 s\): its checks are failing or it is stuck \(see its log\)\.$/);
  });
});

describe('http-ok.sh (api)', () => {
  let server: Server;
  let port: number;
  const asked: { url?: string; host?: string }[] = [];
  beforeAll(async () => {
    server = createServer((req, res) => {
      asked.push({ url: req.url, host: req.headers.host });
      res.writeHead(req.url === '/api/health' ? 200 : 503).end('{}');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('is healthy on a 2xx answer only, and unhealthy when nothing listens', async () => {
    // spawnSync would block the server's event loop: the checks run asynchronously here.
    const check = (path: string, p = port) =>
      new Promise<{ code: number | null; stderr: string }>((resolve) => {
        execFile('bash', [join(docker, 'http-ok.sh'), String(p), path], { timeout: 10_000 }, (error, _stdout, stderr) =>
          resolve({ code: error ? (typeof error.code === 'number' ? error.code : null) : 0, stderr: stderr.trim() }),
        );
      });
    expect(await check('/api/health')).toEqual({ code: 0, stderr: '' });
    expect(asked[0]).toEqual({ url: '/api/health', host: `127.0.0.1:${port}` });
    expect(await check('/api/ready')).toEqual({ code: 1, stderr: `127.0.0.1:${port}/api/ready answered 503.` });
    // A port nobody listens on (the server's, once it is closed).
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const free = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    expect((await check('/api/health', free)).code).toBe(1);
  });
});
