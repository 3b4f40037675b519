import { createHash, timingSafeEqual } from 'node:crypto';

export const METRICS_PATH = '/metrics';

const digest = (value: string) => createHash('sha256').update(value).digest();

/**
 * Why a scrape is refused, or null when it may read the metrics: with a token configured, the
 * request must carry `Authorization: Bearer <token>` (compared in constant time).
 */
export function metricsRefusal(token: string | undefined, authorization: string | undefined): string | null {
  if (token === undefined) return null;
  const sent = /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? '')?.[1];
  if (sent !== undefined && timingSafeEqual(digest(sent), digest(token))) return null;
  return sent === undefined
    ? 'Metrics need the bearer token: send the header "Authorization: Bearer" followed by METRICS_TOKEN.'
    : 'That metrics token is not the one in METRICS_TOKEN.';
}
