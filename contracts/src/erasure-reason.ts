/**
 * The zod-free part of an admin's erasure (issue 50), shared by the API (api/erasure.ts) and the
 * web app: the reason's limits and words.
 */
export const ERASURE_REASON_MIN = 3;
export const ERASURE_REASON_MAX = 500;
export const ERASURE_REASON_REQUIRED = `Please give the reason for the erasure (${ERASURE_REASON_MIN}–${ERASURE_REASON_MAX} characters), without the person’s own details.`;

/** What is wrong with an admin's reason, or null when it will do (the server's rule: 3–500 characters once trimmed). */
export function erasureReasonProblem(reason: string): string | null {
  const length = reason.trim().length;
  return length < ERASURE_REASON_MIN || length > ERASURE_REASON_MAX ? ERASURE_REASON_REQUIRED : null;
}
