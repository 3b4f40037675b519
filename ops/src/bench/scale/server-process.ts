import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { performance } from 'node:perf_hooks';
import { untilPrinted } from './until-printed';

const REPO = fileURLToPath(new URL('../../../../', import.meta.url));

export interface ServerProcess {
  url: string;
  pid: number;
  /** From spawn to /api/ready answering 200 with every projection caught up, in ms. */
  startMs: number;
  /** Resident and peak resident memory of the server process, in bytes (from /proc). */
  memory(): { rss: number; peak: number };
  stop(): Promise<void>;
}

/**
 * The service as `npm start` runs it (ops/src/start.ts), in a process of its own, so the
 * figures are the server's alone: the load generator and the bench's own heap live elsewhere.
 */
export async function startServerProcess(dataDir: string, env: Record<string, string> = {}): Promise<ServerProcess> {
  const started = performance.now();
  const child = spawn(process.execPath, ['--import', 'tsx', 'ops/src/start.ts'], {
    cwd: REPO,
    // Logging as `npm start` logs (info: one line a request), so its cost is in the figures.
    env: { ...process.env, DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'info', SEED_DEMO: 'false', RATE_LIMIT_PER_MINUTE: '100000000', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const [, listening] = await untilPrinted(child, /Kāinga is running at (http:\/\/\S+)/, 'the server');
  const url = listening!.replace('localhost', '127.0.0.1');
  await waitReady(url, child);
  const startMs = performance.now() - started;
  return {
    url,
    pid: child.pid!,
    startMs,
    memory: () => memoryOf(child.pid!),
    stop: () => stop(child),
  };
}

async function waitReady(url: string, child: ChildProcess): Promise<void> {
  for (let delay = 20; ; delay = Math.min(delay * 2, 250)) {
    if (child.exitCode !== null) throw new Error(`the server exited (${child.exitCode}) before it was ready`);
    const res = await fetch(`${url}/api/ready`).catch(() => null);
    const body = res?.status === 200 ? ((await res.json()) as { projections: { caughtUp: boolean }[] }) : null;
    // Ready means serving fresh answers: every projection has caught up with the log.
    if (body && body.projections.every((p) => p.caughtUp)) return;
    await new Promise((r) => setTimeout(r, delay));
  }
}

function memoryOf(pid: number): { rss: number; peak: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN) * 1024;
  return { rss: kb('VmRSS'), peak: kb('VmHWM') };
}

function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const force = setTimeout(() => child.kill('SIGKILL'), 15_000);
    child.once('exit', () => {
      clearTimeout(force);
      resolve();
    });
    child.kill('SIGTERM');
  });
}
