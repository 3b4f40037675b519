// Smoke test: is a Kāinga deployment up and answering as expected?
//   k6 run ops/k6/smoke.js                                   (http://localhost:3000)
//   k6 run -e BASE_URL=https://staging.example.nz ops/k6/smoke.js
import http from 'k6/http';
import { check, sleep } from 'k6';

const BASE_URL = (__ENV.BASE_URL || 'http://localhost:3000').replace(/\/+$/, '');

export const options = {
  vus: 1,
  iterations: 10,
  thresholds: {
    // Every check passes, nothing unexpected fails, and the health endpoints are quick.
    checks: ['rate==1'],
    http_req_failed: ['rate==0'],
    http_req_duration: ['p(95)<500'],
  },
};

export default function () {
  const health = http.get(`${BASE_URL}/api/health`, { tags: { name: 'health' } });
  check(health, { 'health is 200': (r) => r.status === 200 });

  const ready = http.get(`${BASE_URL}/api/ready`, { tags: { name: 'ready' } });
  check(ready, { 'ready is 200': (r) => r.status === 200 });

  // Signed out: the current user is a 401 with a JSON message (expected, so not a failed request).
  const user = http.get(`${BASE_URL}/api/auth/user`, {
    tags: { name: 'user' },
    responseCallback: http.expectedStatuses(401),
  });
  check(user, {
    'signed-out user is 401': (r) => r.status === 401,
    '401 has a message': (r) => {
      try {
        return typeof r.json('message') === 'string';
      } catch {
        return false;
      }
    },
  });

  sleep(1);
}
