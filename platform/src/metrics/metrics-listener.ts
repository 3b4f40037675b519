import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { METRICS_PATH, metricsRefusal } from './metrics-access';
import { metricsExposition } from './registry';

export interface MetricsListener {
  /** e.g. http://127.0.0.1:9464/metrics */
  url: string;
  close(): Promise<void>;
}

const json = (res: ServerResponse, status: number, message: string, headers: Record<string, string> = {}) => {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', ...headers });
  res.end(JSON.stringify({ message }));
};

/**
 * GET /metrics on a port of its own (METRICS_PORT), apart from the public API: a firewall or
 * the compose network keeps it to the scraper. Plain node:http: a scrape every few seconds needs
 * none of the API's plugins, and the API's request metrics do not count the scrapes.
 */
export async function startMetricsListener(options: { port: number; host: string; token?: string }): Promise<MetricsListener> {
  const server: Server = createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0];
    if (path !== METRICS_PATH) return json(res, 404, `There is nothing at ${path} here; Prometheus scrapes ${METRICS_PATH}.`);
    if (req.method !== 'GET' && req.method !== 'HEAD') return json(res, 405, `${METRICS_PATH} answers GET only.`, { allow: 'GET, HEAD' });
    const refusal = metricsRefusal(options.token, req.headers.authorization);
    if (refusal) return json(res, 401, refusal, { 'www-authenticate': 'Bearer realm="metrics"' });
    metricsExposition().then(
      ({ contentType, body }) => {
        res.writeHead(200, { 'content-type': contentType, 'cache-control': 'no-store' });
        res.end(req.method === 'HEAD' ? undefined : body);
      },
      (error: unknown) => json(res, 500, `The metrics could not be collected: ${error instanceof Error ? error.message : String(error)}`),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  const host = options.host.includes(':') ? `[${options.host}]` : options.host;
  return {
    url: `http://${host === '0.0.0.0' || host === '[::]' ? 'localhost' : host}:${port}${METRICS_PATH}`,
    close: () => new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    }),
  };
}
