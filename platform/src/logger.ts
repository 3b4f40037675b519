import pino, { type Logger } from 'pino';

/** Structured logs; secrets and session cookies are redacted wherever they appear. */
export function createLogger(level: string, name = 'kainga'): Logger {
  return pino({
    name,
    level,
    redact: {
      paths: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]', '*.password', 'password', '*.passwordHash', '*.sess'],
      censor: '[redacted]',
    },
  });
}
export type { Logger };
