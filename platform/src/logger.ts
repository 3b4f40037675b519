import pino, { type DestinationStream, type Logger } from 'pino';

/**
 * Structured logs; secrets and session cookies are redacted wherever they appear. Written to
 * stdout without blocking (pino's asynchronous destination: under load lines are written in
 * batches, idle they go out at once, and what is buffered is flushed when the process exits);
 * `destination` replaces stdout (tests capture the lines).
 */
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
    destination ?? pino.destination({ dest: 1, sync: false }),
  );
}
export type { Logger };
