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

/** Said when an admin's reason (an erasure's, an export's) holds the person's own email address or full name. */
export const ERASURE_REASON_NAMES_PERSON = 'Leave the person’s name and email address out of the reason: the reason is kept even after their details are erased.';

const comparable = (text: string) => text.normalize('NFC').toLowerCase().replace(/\s+/g, ' ').trim();

/**
 * Whether a reason holds one of the person's addresses or their full name. The record of an
 * erasure (its reason among it) outlives the person's details, so it must not carry them.
 */
export function reasonNamesPerson(reason: string, person: { emails: readonly string[]; names: readonly string[] }): boolean {
  const text = comparable(reason);
  return [...person.emails, ...person.names].map(comparable).some((detail) => detail.length >= 3 && text.includes(detail));
}
