// Container healthcheck without curl (the node slim image has none):
//   node ops/docker/healthcheck.mjs [url]   exits 0 when the URL answers 2xx within 4 s.
const url = process.argv[2] ?? `http://127.0.0.1:${process.env.PORT ?? 3000}/api/health`;
try {
  const res = await fetch(url, { signal: AbortSignal.timeout(4000) });
  process.exit(res.ok ? 0 : 1);
} catch {
  process.exit(1);
}
