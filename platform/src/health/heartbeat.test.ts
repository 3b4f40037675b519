import { existsSync, mkdtempSync, readFileSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { startHeartbeat } from './heartbeat';

describe('startHeartbeat', () => {
  it('writes the file when the check passes, leaves it to go stale when it fails, and removes it on stop', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'heartbeat-')), 'health', 'worker');
    const told: string[][] = [];
    let problems: string[] | Error = [];
    // A timer far off: the test drives each beat itself.
    const heartbeat = startHeartbeat({
      file,
      check: async () => {
        if (problems instanceof Error) throw problems;
        return problems;
      },
      onUnhealthy: (p) => told.push(p),
      firstBeatMs: 3_600_000,
    });
    expect(existsSync(file)).toBe(false);

    expect(await heartbeat.beat()).toBe(true);
    expect(new Date(readFileSync(file, 'utf8').trim()).getTime()).not.toBeNaN();
    // Made old, then a failing check: the file keeps its old time.
    const old = new Date(Date.now() - 600_000);
    utimesSync(file, old, old);
    problems = ['projections behind: sales'];
    expect(await heartbeat.beat()).toBe(false);
    problems = new Error('Temporal unreachable');
    expect(await heartbeat.beat()).toBe(false);
    expect(told).toEqual([['projections behind: sales'], ['Temporal unreachable']]);
    expect(Math.round(statSync(file).mtimeMs)).toBe(old.getTime());

    problems = [];
    expect(await heartbeat.beat()).toBe(true);
    expect(statSync(file).mtimeMs).toBeGreaterThan(old.getTime());

    heartbeat.stop();
    expect(existsSync(file)).toBe(false);
    // A check that ends after stop writes nothing.
    expect(await heartbeat.beat()).toBe(false);
    expect(existsSync(file)).toBe(false);
  });

  it('removes a file an earlier run left, which says nothing about this one', () => {
    const file = join(mkdtempSync(join(tmpdir(), 'heartbeat-')), 'projections');
    writeFileSync(file, 'earlier run\n');
    const heartbeat = startHeartbeat({ file, check: async () => [], onUnhealthy: () => {}, firstBeatMs: 3_600_000 });
    expect(existsSync(file)).toBe(false);
    heartbeat.stop();
  });
});
