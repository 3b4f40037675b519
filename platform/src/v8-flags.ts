import { setFlagsFromString } from 'node:v8';

/**
 * V8 flags the service runs with, set before any other module of it is evaluated: ops/src/start.ts
 * imports this file (`@kainga/platform/v8-flags`) first, and ES modules are evaluated in import
 * order; so do `npm run bench`, whose process runs the service for its HTTP phases, and the
 * Temporal worker (workflows/src/worker.ts), whose activities open the same stores. It lives in
 * platform, which every entry point may import, rather than in ops, which workflows must not.
 *
 * `--no-allocation-site-pretenuring`: V8 watches how many objects from each object or array
 * literal survive a young-generation collection, and once nearly all do, allocates that literal's
 * objects straight into the old generation ("pretenuring"), for the life of the process. Start-up
 * replays the log into read models, which keeps almost everything it allocates, so literals shared
 * with request handling can be judged long-lived; once one is, the young objects it points to
 * survive collections too (the old generation keeps them alive until a full collection) and more
 * literals follow. Measured on a 10× store (100,000 events), the same copy started 10 times: 4 of
 * the 10 processes served GET /api/health at 54–71 µs of CPU a request with RSS growing from
 * 280 to 380–450 MB under the load, and the rest at 44–51 µs with RSS flat; V8 logged 75 literals
 * tenured in a slow process. With this flag, 10 of 10 started fast; on a 100× store, four processes
 * each way: 50–57 µs a request without it, 41–44 µs with it. It was why bench:scale's 10× column
 * read low on every route. Start-up (100× store, 5.5–6.0 s) and rebuilds (10×: 1.7–1.8 s;
 * 100×: 9.9–11.5 s) measured the same with and without it.
 *
 * Set here rather than on each command line (`npm start`'s tsx, docker-compose's node, the
 * benches' server processes), so no way of starting the service goes without it. Node warns that a
 * flag changed after start-up may do nothing: v8-flags.test.ts checks that this one takes effect,
 * and ops/src/v8-flags.test.ts that each entry point imports it first.
 */
export const SERVICE_V8_FLAGS = ['--no-allocation-site-pretenuring'] as const;

for (const flag of SERVICE_V8_FLAGS) setFlagsFromString(flag);
