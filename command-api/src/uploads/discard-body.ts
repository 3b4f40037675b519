import type { IncomingMessage } from 'node:http';

/**
 * How much of a refused upload's body is read and thrown away before the answer. A client that
 * sends its whole body before it reads the answer (Node's fetch, browsers' fetch with a body)
 * sees nothing but EPIPE when the server answers and closes mid-body; reading the rest first lets
 * it see the 413 and its message. 4 MiB covers a phone photo sent by mistake, about 13 × the
 * largest allowed image (300 KB), at the cost of reading it; a body declared or found larger is
 * answered at once and the connection closed, so no sender can make the server read more.
 */
export const DISCARD_LIMIT_BYTES = 4 * 1024 * 1024;

/**
 * Reads the rest of the request body (whatever no one has read yet) and drops it, up to
 * `maxBytes`. Resolves true once the body has ended within the bound (the connection can then
 * stay open), false when it passed the bound or broke off (answer and close).
 */
export function discardBody(raw: IncomingMessage, maxBytes = DISCARD_LIMIT_BYTES): Promise<boolean> {
  if (raw.complete || raw.readableEnded) return Promise.resolve(true);
  if (raw.destroyed) return Promise.resolve(false);
  return new Promise((resolve) => {
    let seen = 0;
    const finish = (drained: boolean) => {
      raw.off('data', onData).off('end', onEnd).off('error', onBroken).off('close', onBroken);
      if (!drained) raw.pause();
      resolve(drained);
    };
    const onData = (chunk: Buffer) => {
      seen += chunk.length;
      if (seen > maxBytes) finish(false);
    };
    const onEnd = () => finish(true);
    const onBroken = () => finish(raw.complete);
    // Whoever was reading (busboy) stops here: what is left only needs to be consumed.
    raw.unpipe();
    raw.on('data', onData).once('end', onEnd).once('error', onBroken).once('close', onBroken);
    raw.resume();
  });
}
