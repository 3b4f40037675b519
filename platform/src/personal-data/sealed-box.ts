import { createCipheriv, createDecipheriv, createHmac } from 'node:crypto';

/** AES-256-GCM: a vault key is 32 random bytes. */
export const KEY_BYTES = 32;
const IV_BYTES = 12;
const TAG_BYTES = 16;

/**
 * Seals personal fields under a scope's key. The IV is synthetic — an HMAC of the associated data
 * and the plaintext under the key — so the same event sealed twice gives the same bytes (a retried
 * append is recognised as the same event by the store's idempotency check) while two different
 * plaintexts never share an IV under one key (the SIV construction; Node has no AES-GCM-SIV).
 * The associated data (event id and scope) ties a sealed box to its event: moved, it won't open.
 */
export function seal(key: Buffer, associatedData: string, plaintext: string): string {
  const iv = createHmac('sha256', key).update(associatedData).update('\u0000').update(plaintext).digest().subarray(0, IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(associatedData));
  const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url');
}

/** The plaintext of a sealed box; throws when the key, the associated data or a byte is wrong. */
export function open(key: Buffer, associatedData: string, sealed: string): string {
  const bytes = Buffer.from(sealed, 'base64url');
  if (bytes.length < IV_BYTES + TAG_BYTES) throw new Error('sealed personal data is truncated');
  const decipher = createDecipheriv('aes-256-gcm', key, bytes.subarray(0, IV_BYTES));
  decipher.setAAD(Buffer.from(associatedData));
  decipher.setAuthTag(bytes.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
  return Buffer.concat([decipher.update(bytes.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString('utf8');
}
