/**
 * New Zealand wall-clock time (Pacific/Auckland), whatever the device's time zone: the values of
 * date and date-time inputs (`YYYY-MM-DD`, `YYYY-MM-DDTHH:mm`) read and written as New Zealand
 * time, so an admin abroad types and sees the same times as the rest of the app shows.
 */
const NZ = 'Pacific/Auckland';

let partsFormat: Intl.DateTimeFormat | undefined;
const pad = (n: number) => String(n).padStart(2, '0');

interface WallClock {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

/** The New Zealand calendar date and time of an instant. */
function nzWallClock(date: Date): WallClock {
  partsFormat ??= new Intl.DateTimeFormat('en-NZ', {
    timeZone: NZ,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  });
  const out: Record<string, number> = {};
  for (const p of partsFormat.formatToParts(date)) if (p.type !== 'literal') out[p.type] = Number(p.value);
  return { year: out.year!, month: out.month!, day: out.day!, hour: out.hour! % 24, minute: out.minute!, second: out.second! };
}

/** How far New Zealand's clock is ahead of UTC at `ms`, in ms. */
const nzOffset = (ms: number) => {
  const w = nzWallClock(new Date(ms));
  return Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second) - Math.floor(ms / 1000) * 1000;
};

/**
 * The instant New Zealand's clocks read this date and time. The offset is taken at the guess and
 * then again at the answer, so a time beside a daylight-saving change lands on the right side.
 */
export function instantOfNZ(year: number, month: number, day: number, hour = 0, minute = 0, second = 0): Date {
  const wall = Date.UTC(year, month - 1, day, hour, minute, second);
  const guess = wall - nzOffset(wall);
  return new Date(wall - nzOffset(guess));
}

/** `YYYY-MM-DD`: the New Zealand date of an instant (a date input's value, a chart's day). */
export function nzDay(date: Date = new Date()): string {
  const w = nzWallClock(date);
  return `${w.year}-${pad(w.month)}-${pad(w.day)}`;
}

/** `YYYY-MM-DDTHH:mm`: the New Zealand date and time of an ISO instant (a datetime-local value), or ''. */
export function nzDateTimeInput(iso: string | undefined): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  const w = nzWallClock(date);
  return `${w.year}-${pad(w.month)}-${pad(w.day)}T${pad(w.hour)}:${pad(w.minute)}`;
}

/** A `YYYY-MM-DDTHH:mm[:ss]` value read as New Zealand time, as an ISO instant; undefined when it is no date. */
export function instantOfNZInput(value: string): string | undefined {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/.exec(value.trim());
  if (!m) return undefined;
  const [, y, mo, d, h, mi, s] = m.map(Number) as [number, number, number, number, number, number, number];
  if (mo < 1 || mo > 12 || d < 1 || d > 31 || h > 23 || mi > 59) return undefined;
  const date = instantOfNZ(y, mo, d, h, mi, Number.isNaN(s) ? 0 : s);
  return Number.isNaN(date.getTime()) ? undefined : date.toISOString();
}

/** The start of a `YYYY-MM-DD` day in New Zealand, as an instant (Invalid Date when it is no day). */
export function startOfNZDay(day: string): Date {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!m) return new Date(NaN);
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const start = instantOfNZ(y, mo, d);
  // 31 February rolls over into March: not a day.
  return nzDay(start) === day ? start : new Date(NaN);
}

/** The day `offset` days after a YYYY-MM-DD day (calendar arithmetic, no time zone involved). */
export function addDays(day: string, offset: number): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + offset);
  return d.toISOString().slice(0, 10);
}
