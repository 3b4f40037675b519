/**
 * The time a workflow sees in the in-process engine: the real clock in production, a manual one
 * in tests (so a billing period of a month passes in one call). With Temporal, the server's
 * workflow time plays this part.
 */
export interface WorkflowClock {
  now(): number;
  /** Calls `fire` once the clock reaches `atMs`; the answer cancels it. */
  setTimer(atMs: number, fire: () => void): () => void;
}

/** setTimeout's longest delay (2^31 − 1 ms, ~24.8 days); a longer wait is made of several. */
const LONGEST_TIMEOUT_MS = 2 ** 31 - 1;

/** The real clock. Waits longer than setTimeout allows (a month's billing period) are chained. */
export const systemClock: WorkflowClock = {
  now: () => Date.now(),
  setTimer(atMs, fire) {
    let handle: ReturnType<typeof setTimeout>;
    const arm = () => {
      const remaining = atMs - Date.now();
      if (remaining <= 0) return fire();
      handle = setTimeout(arm, Math.min(remaining, LONGEST_TIMEOUT_MS));
      // A waiting workflow does not hold the process open: it resumes from the event store at the next start.
      handle.unref();
    };
    handle = setTimeout(arm, 0);
    handle.unref();
    return () => clearTimeout(handle);
  },
};

/** A clock that moves only when told to (tests): `advance` fires every timer that falls due, in time order. */
export class ManualClock implements WorkflowClock {
  private timers: { atMs: number; fire: () => void; seq: number }[] = [];
  private seq = 0;

  constructor(private current: number = Date.UTC(2026, 0, 1)) {}

  now(): number {
    return this.current;
  }

  setTimer(atMs: number, fire: () => void): () => void {
    const timer = { atMs, fire, seq: this.seq++ };
    if (atMs <= this.current) {
      queueMicrotask(fire);
      return () => undefined;
    }
    this.timers.push(timer);
    return () => {
      this.timers = this.timers.filter((t) => t !== timer);
    };
  }

  /** Moves the clock on by `ms` (or to `toMs`), firing the timers that fall due. */
  advance(ms: number): void {
    this.set(this.current + ms);
  }

  set(toMs: number): void {
    this.current = Math.max(this.current, toMs);
    const due = this.timers.filter((t) => t.atMs <= this.current).sort((a, b) => a.atMs - b.atMs || a.seq - b.seq);
    this.timers = this.timers.filter((t) => t.atMs > this.current);
    for (const t of due) t.fire();
  }

  /** How many timers are set (a test waits until the workflow is waiting). */
  get pending(): number {
    return this.timers.length;
  }
}
