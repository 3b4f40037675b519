/** A poller as Temporal's DescribeTaskQueue lists it (identity `pid@host` by the TypeScript SDK's default). */
export interface Poller {
  identity?: string | null;
  lastAccessTime?: { seconds?: number | { toNumber(): number } | null } | null;
}

/**
 * Whether a worker on `host` has polled the task queue within `maxAgeMs`. Temporal keeps a poller in
 * the list for minutes after it stops, so the time matters; an idle worker's long poll is renewed
 * about once a minute.
 */
export function pollingFrom(pollers: readonly Poller[], host: string, now: number, maxAgeMs: number): boolean {
  return pollers.some((p) => {
    if (!p.identity?.endsWith(`@${host}`)) return false;
    const seconds = p.lastAccessTime?.seconds;
    const at = (typeof seconds === 'number' ? seconds : (seconds?.toNumber() ?? 0)) * 1000;
    return now - at <= maxAgeMs;
  });
}
