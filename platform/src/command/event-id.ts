import { createHash } from 'node:crypto';

/**
 * A deterministic UUID (v5 layout over SHA-256) for the n-th event a command appends to a
 * stream, so replaying the same command with the same idempotency key yields the same ids.
 */
export function eventIdFor(idempotencyKey: string, stream: string, index: number): string {
  const h = createHash('sha256').update(`${idempotencyKey}\u0000${stream}\u0000${index}`).digest();
  h[6] = (h[6]! & 0x0f) | 0x50;
  h[8] = (h[8]! & 0x3f) | 0x80;
  const hex = h.subarray(0, 16).toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}`;
}
