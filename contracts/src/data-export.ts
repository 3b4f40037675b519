/**
 * The zod-free part of the personal data export (issue 50), shared by the API and the web app:
 * the admin's reason's limits and words, and the archive's file name.
 */
export const EXPORT_REASON_MIN = 3;
export const EXPORT_REASON_MAX = 500;
export const EXPORT_REASON_REQUIRED = 'Give a reason for exporting this person’s data (3 to 500 characters), for example "Access request from the person by email".';

/** What is wrong with an admin's reason, or null when it will do (the server's rule: 3–500 characters once trimmed). */
export function exportReasonProblem(reason: string): string | null {
  const length = reason.trim().length;
  return length < EXPORT_REASON_MIN || length > EXPORT_REASON_MAX ? EXPORT_REASON_REQUIRED : null;
}

/** `kainga-data-2026-03-01.zip`: the day in New Zealand the copy was made. */
export function exportFileName(at: Date): string {
  const day = new Intl.DateTimeFormat('en-CA', { timeZone: 'Pacific/Auckland', year: 'numeric', month: '2-digit', day: '2-digit' }).format(at);
  return `kainga-data-${day}.zip`;
}
