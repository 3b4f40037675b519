import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { RetentionJob } from './retention-job';

/**
 * Runs each retention job when the app is ready and then every `everyMs`, in this process (every
 * API process of a distributed run does the same: each job is idempotent, so two processes
 * dropping the same thing is harmless). A job still running is not started again; a failed run
 * is logged and tried at its next turn. Closing the app waits for runs under way, so none touches
 * a store after it closed.
 */
export default fp(async function retentionSchedule(app: FastifyInstance, { jobs, now = Date.now }: { jobs: readonly RetentionJob[]; now?: () => number }) {
  const timers: NodeJS.Timeout[] = [];
  const running = new Map<RetentionJob, Promise<void>>();
  let closing = false;

  const start = (job: RetentionJob) => {
    if (closing || running.has(job)) return;
    // Started on the next tick, so even a job that fails at once has been marked as running first.
    const run = (async () => {
      await Promise.resolve();
      try {
        const dropped = await job.run(now());
        if (dropped > 0) app.log.info({ retention: job.name, dropped }, `retention: dropped ${dropped} ${job.name}`);
      } catch (err) {
        app.log.warn({ err, retention: job.name }, `retention: dropping ${job.name} failed; it is tried again at its next turn`);
      } finally {
        running.delete(job);
      }
    })();
    running.set(job, run);
  };

  app.addHook('onReady', async () => {
    for (const job of jobs) {
      start(job);
      timers.push(setInterval(() => start(job), job.everyMs).unref());
    }
  });
  app.addHook('onClose', async () => {
    closing = true;
    for (const timer of timers) clearInterval(timer);
    await Promise.all(running.values());
  });
});
