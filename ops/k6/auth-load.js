// Sign-up and session load: every virtual user registers its own account once, then keeps
// asking for the current user with the session cookie k6 keeps per VU.
//   k6 run ops/k6/auth-load.js
//   k6 run -e BASE_URL=https://staging.example.nz -e VUS=50 ops/k6/auth-load.js
// All traffic comes from one address, so raise RATE_LIMIT_PER_MINUTE on the target first, or
// the run measures the rate limiter (429) instead of the service. Each run creates VUS accounts.
import http from 'k6/http';
import { check, fail, sleep } from 'k6';

const BASE_URL = (__ENV.BASE_URL || 'http://localhost:3000').replace(/\/+$/, '');
const VUS = Number(__ENV.VUS || 20);

export const options = {
  scenarios: {
    signedIn: {
      executor: 'ramping-vus',
      startVUs: 0,
      stages: [
        { duration: '30s', target: VUS },
        { duration: '1m', target: VUS },
        { duration: '15s', target: 0 },
      ],
      gracefulRampDown: '10s',
    },
  },
  thresholds: {
    checks: ['rate>0.99'],
    http_req_failed: ['rate<0.01'],
    // Password hashing makes sign-up deliberately slow; reading the session must not be.
    'http_req_duration{name:register}': ['p(95)<2000'],
    'http_req_duration{name:user}': ['p(95)<300'],
  },
};

// Module state is per VU in k6: each VU registers exactly once.
let email = null;

function register() {
  const unique = `${__VU}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;
  const body = {
    email: `k6-${unique}@example.com`,
    password: `K6-load-${unique}-Pw1!`,
    firstName: 'Load',
    lastName: `Tester ${__VU}`,
  };
  const res = http.post(`${BASE_URL}/api/auth/register`, JSON.stringify(body), {
    headers: { 'Content-Type': 'application/json', Origin: BASE_URL },
    tags: { name: 'register' },
  });
  const ok = check(res, { 'register is 201': (r) => r.status === 201 });
  if (!ok) fail(`register answered ${res.status}: ${String(res.body).slice(0, 200)}`);
  return body.email;
}

export default function () {
  if (email === null) email = register();
  const res = http.get(`${BASE_URL}/api/auth/user`, { tags: { name: 'user' } });
  check(res, {
    'current user is 200': (r) => r.status === 200,
    'current user is the one registered': (r) => {
      try {
        return r.json('email') === email;
      } catch {
        return false;
      }
    },
  });
  sleep(1);
}
