import { ConfigError } from '@kainga/platform';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { listenProblem } from './listen-problem';
import { startKainga } from './server';

const errno = (code: string) => Object.assign(new Error(code), { code });

describe('listenProblem', () => {
  it('says what to do about the configured address', () => {
    expect(listenProblem(errno('EADDRINUSE'), 3000, '0.0.0.0')?.problems).toEqual(['PORT 3000 is already in use on HOST 0.0.0.0: stop what listens there, or choose another PORT.']);
    expect(listenProblem(errno('EACCES'), 80, '0.0.0.0')?.problems).toEqual(['PORT 80 on HOST 0.0.0.0 needs privileges this user does not have: choose a PORT above 1023 (a proxy in front can serve 80 and 443).']);
    expect(listenProblem(errno('EADDRNOTAVAIL'), 3000, '10.9.9.9')?.problems).toEqual(['HOST 10.9.9.9 is not an address of this machine: choose one of its addresses, or 0.0.0.0 for all of them.']);
    expect(listenProblem(errno('ENOTFOUND'), 3000, 'no-such-host')?.problems).toEqual(['HOST no-such-host could not be resolved to an address of this machine: choose an address, or 0.0.0.0 for all of them.']);
  });

  it('leaves any other failure as it is', () => {
    expect(listenProblem(new Error('boom'), 3000, '0.0.0.0')).toBeNull();
    expect(listenProblem(errno('EMFILE'), 3000, '0.0.0.0')).toBeNull();
  });
});

describe('npm start on a port that is taken', () => {
  const env = { HOST: '127.0.0.1', SEED_DEMO: 'false', LOG_LEVEL: 'silent', NODE_ENV: 'test' };
  const dataDir = mkdtempSync(join(tmpdir(), 'kainga-port-'));
  const pwaDir = mkdtempSync(join(tmpdir(), 'kainga-no-pwa-'));
  let squatter: Server | null = null;
  afterAll(async () => {
    await new Promise((resolve) => (squatter ? squatter.close(resolve) : resolve(undefined)));
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(pwaDir, { recursive: true, force: true });
  });

  it('stops with the reason, closes what it opened and releases DATA_DIR for the next start', async () => {
    squatter = createServer();
    const port = await new Promise<number>((resolve) => squatter!.listen(0, '127.0.0.1', () => resolve((squatter!.address() as { port: number }).port)));

    const failed = await startKainga({ dataDir, port, pwaDir, env }).catch((error: unknown) => error);
    expect(failed).toBeInstanceOf(ConfigError);
    expect((failed as ConfigError).problems).toEqual([`PORT ${port} is already in use on HOST 127.0.0.1: stop what listens there, or choose another PORT.`]);
    expect(existsSync(join(dataDir, 'kainga.pid'))).toBe(false);

    // The same DATA_DIR starts at once on a free port: nothing of the failed start holds it.
    const kainga = await startKainga({ dataDir, port: 0, pwaDir, env });
    try {
      expect((await fetch(`${kainga.url}/api/health`)).status).toBe(200);
    } finally {
      await kainga.close();
    }
  });

  it('says METRICS_PORT when the metrics port is the one taken, and releases DATA_DIR', async () => {
    const port = (squatter!.address() as { port: number }).port;
    const failed = await startKainga({ dataDir, port: 0, pwaDir, env: { ...env, METRICS_PORT: String(port), METRICS_HOST: '127.0.0.1' } }).catch((error: unknown) => error);
    expect(failed).toBeInstanceOf(ConfigError);
    expect((failed as ConfigError).problems).toEqual([`METRICS_PORT ${port} is already in use on METRICS_HOST 127.0.0.1: stop what listens there, or choose another METRICS_PORT.`]);
    expect(existsSync(join(dataDir, 'kainga.pid'))).toBe(false);
  });
});
