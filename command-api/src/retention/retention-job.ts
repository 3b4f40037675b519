/** One kind of data kept only for a while, and what drops it once its time is up (docs/retention.md). */
export interface RetentionJob {
  /** What it drops, as the log says it: "expired sessions". */
  name: string;
  /** How often it runs (and once when the service starts, so a stopped service catches up). */
  everyMs: number;
  /** Drops what is past its time at `now`; answers how many things went. */
  run(now: number): Promise<number> | number;
}
