import { invalid } from '@kainga/platform';

/**
 * The cursor of GET /api/admin/events: the order it was given for and the `seq` (recordedAt|position,
 * projections' audit-log.ts) of the last event of the page, base64url-encoded. Opaque to clients;
 * one given for one order is refused for the other, since it would start in the wrong place.
 */
type Order = 'newest' | 'oldest';

const SEQ = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z\|[\w:.-]{1,100}$/;
const UNKNOWN = 'The cursor is not one this service gave. Start again from the first page.';

export const cursorOf = (order: Order, seq: string): string => Buffer.from(`${order}:${seq}`, 'utf8').toString('base64url');

/** The `seq` a cursor continues after; 400 with a message a person understands when it is not one of ours. */
export function seqOfCursor(cursor: string, order: Order): string {
  if (!/^[\w-]+$/.test(cursor)) throw invalid(UNKNOWN);
  const text = Buffer.from(cursor, 'base64url').toString('utf8');
  const colon = text.indexOf(':');
  const given = text.slice(0, colon);
  const seq = text.slice(colon + 1);
  if (colon < 0 || (given !== 'newest' && given !== 'oldest') || !SEQ.test(seq)) throw invalid(UNKNOWN);
  if (given !== order) throw invalid(`The cursor belongs to the ${given} first order; ask with order=${given}, or start again from the first page.`);
  return seq;
}
