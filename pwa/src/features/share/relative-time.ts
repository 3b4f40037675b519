import { formatDateNZ } from '../../format/format';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

const ago = (count: number, unit: string) => `${count} ${unit}${count === 1 ? '' : 's'} ago`;

/**
 * How long ago `iso` was, seen at `now`: "just now" (under a minute, or a clock a little ahead),
 * "5 minutes ago", "3 hours ago", "2 days ago"; from 30 days on, the date itself ("on 5 Mar 2026",
 * by formatDateNZ). pwa/src/format has dates but no relative times; this is the one for a share's
 * last open.
 */
export function timeAgo(iso: string, now: Date): string {
  const then = new Date(iso).getTime();
  if (Number.isNaN(then)) return formatDateNZ(iso);
  const elapsed = now.getTime() - then;
  if (elapsed < MINUTE) return 'just now';
  if (elapsed < HOUR) return ago(Math.floor(elapsed / MINUTE), 'minute');
  if (elapsed < DAY) return ago(Math.floor(elapsed / HOUR), 'hour');
  if (elapsed < 30 * DAY) return ago(Math.floor(elapsed / DAY), 'day');
  return `on ${formatDateNZ(iso)}`;
}
