import Fastify from 'fastify';
import { describe, expect, it, vi } from 'vitest';
import type { RetentionJob } from './retention-job';
import retentionSchedule from './retention-schedule';

const logged: { level: string; msg: string }[] = [];
const logger = {
  level: 'info',
  child: () => logger,
  ...Object.fromEntries(['fatal', 'error', 'warn', 'info', 'debug', 'trace'].map((level) => [level, (_obj: unknown, msg: string) => logged.push({ level, msg })])),
  silent: () => undefined,
};

async function appWith(jobs: RetentionJob[], now = () => 1_000) {
  const app = Fastify({ loggerInstance: logger as never });
  await app.register(retentionSchedule, { jobs, now });
  return app;
}

describe('the retention schedule', () => {
  it('runs every job once the app is ready, with the time, and again on its interval', async () => {
    const runs: number[] = [];
    const app = await appWith([{ name: 'old things', everyMs: 10, run: (now) => runs.push(now) }]);
    expect(runs).toEqual([]);
    await app.ready();
    expect(runs[0]).toBe(1_000);
    await vi.waitFor(() => expect(runs.length).toBeGreaterThanOrEqual(3));
    await app.close();
    const after = runs.length;
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(runs.length).toBe(after);
    expect(logged.some((l) => l.level === 'info' && l.msg === 'retention: dropped 1 old things')).toBe(true);
  });

  it('logs a failed run and tries again at the next turn', async () => {
    let calls = 0;
    const app = await appWith([
      {
        name: 'flaky things',
        everyMs: 10,
        run: () => {
          calls++;
          if (calls === 1) throw new Error('store unreachable');
          return 0;
        },
      },
    ]);
    await app.ready();
    await vi.waitFor(() => expect(calls).toBeGreaterThanOrEqual(2));
    await app.close();
    expect(logged.some((l) => l.level === 'warn' && l.msg.startsWith('retention: dropping flaky things failed'))).toBe(true);
  });

  it('never runs a job twice at once, and waits for a run under way when the app closes', async () => {
    let running = 0;
    let most = 0;
    let finish!: () => void;
    const slow = new Promise<void>((resolve) => (finish = resolve));
    let finished = false;
    const app = await appWith([
      {
        name: 'slow things',
        everyMs: 5,
        run: async () => {
          most = Math.max(most, ++running);
          await slow;
          running--;
          finished = true;
          return 0;
        },
      },
    ]);
    await app.ready();
    await new Promise((resolve) => setTimeout(resolve, 40));
    const closed = app.close();
    setTimeout(finish, 20);
    await closed;
    expect(finished).toBe(true);
    expect(most).toBe(1);
  });
});
