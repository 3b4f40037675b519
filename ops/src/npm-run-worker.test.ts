import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { stripVTControlCharacters } from 'node:util';
import type { TestWorkflowEnvironment } from '@temporalio/testing';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { startTemporalTestServer } from '@kainga/workflows/testing';

/**
 * The documented way to run the Temporal worker, `npm run worker`, stopped as a process manager
 * stops it: SIGTERM to the process it started (npm). npm used to die at once and leave tsx and the
 * worker running without it; now the worker drains and the whole tree ends.
 */
const root = join(dirname(fileURLToPath(import.meta.url)), '../..');

/** Every process below `pid` (Linux: each /proc/<pid>/stat names its parent). */
function descendants(pid: number): number[] {
  const parents = new Map<number, number[]>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    let stat: string;
    try {
      stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
    } catch {
      continue; // ended meanwhile
    }
    // pid (comm) state ppid …; comm may hold spaces and parentheses, so read after the last ')'.
    const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
    parents.set(ppid, [...(parents.get(ppid) ?? []), Number(entry)]);
  }
  const found: number[] = [];
  const visit = (p: number) => {
    for (const child of parents.get(p) ?? []) {
      found.push(child);
      visit(child);
    }
  };
  visit(pid);
  return found;
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/** Waits for a condition the worker's own progress brings about (the test's timeout bounds it). */
async function until(condition: () => boolean): Promise<void> {
  while (!condition()) await new Promise((resolve) => setTimeout(resolve, 200));
}

describe('npm run worker', () => {
  let temporal: TestWorkflowEnvironment;
  beforeAll(async () => {
    temporal = await startTemporalTestServer();
  }, 60_000);
  afterAll(async () => {
    await temporal?.teardown();
  });

  it('drains and ends its whole process tree on a SIGTERM to the npm process', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'npm-run-worker-'));
    const heartbeat = join(dir, 'heartbeat');
    // The embedded stores in a directory of its own; only Temporal is a server.
    const env = { ...process.env, TEMPORAL_ADDRESS: temporal.address, DATA_DIR: join(dir, 'data'), HEARTBEAT_FILE: heartbeat, EVENTSTORE_URL: '', MONGO_URL: '', LOG_LEVEL: 'info' };
    const npm = spawn('npm', ['run', 'worker'], { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    npm.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    npm.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => npm.on('exit', (code, signal) => resolve({ code, signal })));

    // Whatever fails below, nothing this test started outlives it.
    let tree: number[] = [];
    onTestFinished(() => {
      for (const pid of new Set([npm.pid!, ...tree, ...descendants(npm.pid!)])) if (alive(pid)) process.kill(pid, 'SIGKILL');
    });
    // Started and healthy: the worker's own check has seen Temporal list its poller.
    await until(() => existsSync(heartbeat) || npm.exitCode !== null);
    expect(existsSync(heartbeat), output).toBe(true);
    expect(spawnSync('sh', [join(root, 'ops/docker/heartbeat-fresh.sh'), heartbeat, '90']).status).toBe(0);
    tree = descendants(npm.pid!);
    // npm runs node itself (the script execs it): no shell or tsx process in between to drop the signal.
    const commands = tree.map((pid) => readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean).join(' '));
    expect(commands[0]).toBe('node --import tsx workflows/src/worker.ts');

    npm.kill('SIGTERM');
    expect(await exited).toEqual({ code: 0, signal: null });
    await until(() => tree.every((pid) => !alive(pid)));

    // The worker drained before it stopped, and said so (in colour under npm test's FORCE_COLOR: read without it).
    const states = [...stripVTControlCharacters(output).matchAll(/state: '([A-Z]+)'/g)].map((m) => m[1]);
    expect(states.slice(states.indexOf('STOPPING'))).toEqual(['STOPPING', 'DRAINING', 'DRAINED', 'STOPPED']);
    expect(output).toContain('"msg":"Temporal worker stopped"');
    // A stopped worker leaves no heartbeat behind for a health check to believe.
    expect(existsSync(heartbeat)).toBe(false);
  }, 180_000);
});
