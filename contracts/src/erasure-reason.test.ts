import { describe, expect, it } from 'vitest';
import { AdminErasureRequest } from './api/erasure';
import { ERASURE_REASON_REQUIRED, erasureReasonProblem } from './erasure-reason';

describe('an admin’s reason for an erasure', () => {
  it('takes 3 to 500 characters once trimmed', () => {
    expect(erasureReasonProblem('  ab  ')).toBe(ERASURE_REASON_REQUIRED);
    expect(erasureReasonProblem('abc')).toBeNull();
    expect(erasureReasonProblem('x'.repeat(500))).toBeNull();
    expect(erasureReasonProblem('x'.repeat(501))).toBe(ERASURE_REASON_REQUIRED);
  });

  it('agrees with the API’s schema, so the web app offers the button exactly when the server will take the reason', () => {
    for (const reason of ['', '  ab ', 'abc', ' Ticket 4411 ', 'x'.repeat(500), 'x'.repeat(501)]) {
      expect(erasureReasonProblem(reason) === null).toBe(AdminErasureRequest.safeParse({ reason }).success);
    }
  });
});
