/**
 * Which days a chart's table of figures lists: only the days with some activity (a 30-day window
 * is mostly zeros, read out row by row), and how many days it leaves out, so the table can say so.
 */
export interface TableLine {
  /** One value per day; null where the figure is not available. */
  values: readonly (number | null)[];
  /** A rate: 0 is a figure (impressions without a click), only null is nothing. */
  rate?: boolean;
}

const isActivity = (line: TableLine, value: number | null | undefined) => value !== null && value !== undefined && (line.rate || value !== 0);

/** `activity`: which days had any, when the caller knows better than the lines shown (a rate's table lists the days of the counts it comes from). */
export function activeDays(days: readonly string[], lines: readonly TableLine[], activity?: readonly boolean[]): { rows: number[]; quietDays: number } {
  const rows = days.flatMap((_, i) => ((activity ? activity[i] : lines.some((l) => isActivity(l, l.values[i]))) ? [i] : []));
  return { rows, quietDays: days.length - rows.length };
}

/** The line under the table: how many days had nothing ("1 day", "28 days"), or null when none was left out. */
export function quietDaysText(quietDays: number, total: number): string | null {
  if (quietDays === 0) return null;
  if (quietDays === total) return `No activity on any of the ${total} days.`;
  return `${quietDays.toLocaleString('en-NZ')} of the ${total.toLocaleString('en-NZ')} days had no activity and are not listed.`;
}
