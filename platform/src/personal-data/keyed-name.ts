import { createHmac } from 'node:crypto';
import type { EventStore } from '../event-store/event-store';

/**
 * The part of a stream name (or an id) that is derived from personal text: an email address, a
 * home's street address, a message (issue 50). A keyed digest under the vault's secret, so whoever
 * holds only the log cannot test a guessed address against it, and a name made before an erasure
 * cannot be linked to the person afterwards by guessing. `purpose` separates the digests of one
 * text in different names (an email's reservation, its lead windows, its visitor id), so one
 * name cannot be matched to another. Hex, `length` characters (at most 64).
 */
export function keyedDigestOf(secret: Buffer, purpose: string, text: string, length = 40): string {
  return createHmac('sha256', secret).update(`${purpose}\u0000${text}`).digest('hex').slice(0, length);
}

/**
 * Which of two names of one stream holds it: the keyed name, unless only the legacy name (an
 * unkeyed digest, as names were made before keyed digests) already has events. A stream begun
 * under its legacy name stays there, so its expected revisions keep guarding one stream and
 * nothing is copied; every new stream gets the keyed name.
 */
export async function streamInUse(store: Pick<EventStore, 'readStream'>, keyed: string, legacy: string): Promise<string> {
  if ((await store.readStream(keyed, { limit: 1 })).length > 0) return keyed;
  return (await store.readStream(legacy, { limit: 1 })).length > 0 ? legacy : keyed;
}
