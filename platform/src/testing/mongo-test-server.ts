import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MongoClient } from 'mongodb';
import { afterAll, inject } from 'vitest';

declare module 'vitest' {
  export interface ProvidedContext {
    /** FerretDB as ops/scripts/ferretdb-setup.mjs found or built it, or why it could not. */
    ferretdb: { path: string } | { error: string };
  }
}

export interface MongoTestServer {
  /** The server's URL: MONGO_URL when set, else a FerretDB of this test file's own, started at the first call. */
  url(): Promise<string>;
}

/**
 * A MongoDB server for one test file, stopped when the file's tests end. With MONGO_URL set,
 * that server (a real MongoDB: `npm run test:contracts:compose`); otherwise FerretDB from the
 * binary the unit project's global setup built (ops/scripts/ensure-ferretdb.mjs), on its SQLite
 * backend in a temporary directory and a free port of 127.0.0.1. Started only when a test asks
 * for the URL, so a file whose MongoDB tests are filtered out never waits for it.
 * Call it at the top level of a test file.
 */
export function mongoTestServer(): MongoTestServer {
  const external = process.env.MONGO_URL;
  let started: Promise<RunningFerretdb> | undefined;
  afterAll(async () => {
    if (started) await (await started.catch(() => undefined))?.stop();
  }, 30_000);
  return {
    url: async () => {
      if (external) return external;
      started ??= startFerretdb();
      return (await started).url;
    },
  };
}

interface RunningFerretdb {
  url: string;
  stop(): Promise<void>;
}

async function startFerretdb(): Promise<RunningFerretdb> {
  const binary = inject('ferretdb');
  if (!binary) throw new Error('FerretDB is unknown: run this suite through the `unit` project of vitest.config.ts (its global setup builds FerretDB).');
  if ('error' in binary) throw new Error(binary.error);
  // A port another process takes between our probe and FerretDB's listen fails the start: try again.
  for (let attempt = 1; ; attempt++) {
    try {
      return await startOnce(binary.path, await freePort());
    } catch (error) {
      if (attempt >= 3) throw error;
    }
  }
}

async function startOnce(path: string, port: number): Promise<RunningFerretdb> {
  const dir = mkdtempSync(join(tmpdir(), 'kainga-ferretdb-'));
  const child = spawn(
    path,
    ['--handler=sqlite', `--sqlite-url=file:${dir}/`, `--state-dir=${dir}`, `--listen-addr=127.0.0.1:${port}`, '--debug-addr=-', '--telemetry=disable', '--log-level=error'],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  let stderr = '';
  child.stderr!.setEncoding('utf8').on('data', (chunk: string) => (stderr = (stderr + chunk).slice(-4000)));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  // A test worker that ends without afterAll (a crash, a timeout) takes its server with it.
  const killOnExit = () => child.kill('SIGKILL');
  process.once('exit', killOnExit);
  const stop = async () => {
    process.off('exit', killOnExit);
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      await exited;
    }
    rmSync(dir, { recursive: true, force: true });
  };
  const url = `mongodb://127.0.0.1:${port}/`;
  const served = await waitUntilServing(url, child);
  if (!served) {
    await stop();
    throw new Error(`FerretDB exited (${child.exitCode ?? child.signalCode}) before it served on port ${port}:\n${stderr}`);
  }
  return { url, stop };
}

/** Pings until the server answers (FerretDB opens its port within a second or so): false when it exited first. */
async function waitUntilServing(url: string, child: ChildProcess): Promise<boolean> {
  for (let delay = 20; ; delay = Math.min(delay * 2, 250)) {
    if (child.exitCode !== null || child.signalCode !== null) return false;
    const client = new MongoClient(url, { serverSelectionTimeoutMS: 500, connectTimeoutMS: 500 });
    try {
      await client.db('admin').command({ ping: 1 });
      return true;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, delay));
    } finally {
      await client.close();
    }
  }
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}
