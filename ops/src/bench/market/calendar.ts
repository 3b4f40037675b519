/** Day arithmetic of the bench market, on UTC days written yyyy-mm-dd. */
export const DAY_MS = 86_400_000;
/** The average month, in days (as the model's calendar counts months). */
export const DAYS_PER_MONTH = 30.4375;

export const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);
export const dayMs = (iso: string) => Date.parse(`${iso}T00:00:00Z`);
/** Months (fractional) from `from` to `to`, negative when `to` is earlier. */
export const monthsBetween = (from: string, to: string) => (dayMs(to) - dayMs(from)) / DAY_MS / DAYS_PER_MONTH;
/** The same calendar day `months` months before `date` (UTC). */
export const monthsBefore = (date: Date, months: number) => new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() - months, date.getUTCDate()));
