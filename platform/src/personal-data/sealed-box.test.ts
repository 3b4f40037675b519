import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { KEY_BYTES, open, seal } from './sealed-box';

describe('sealed box', () => {
  const key = randomBytes(KEY_BYTES);

  it('opens what it sealed, and only with the same key and associated data', () => {
    const box = seal(key, 'e1|user:u1', '{"email":"aroha@example.nz"}');
    expect(box).not.toContain('aroha');
    expect(open(key, 'e1|user:u1', box)).toBe('{"email":"aroha@example.nz"}');
    expect(() => open(randomBytes(KEY_BYTES), 'e1|user:u1', box)).toThrow();
    expect(() => open(key, 'e2|user:u1', box)).toThrow();
  });

  it('seals the same event to the same bytes (a retried append stays idempotent), different plaintexts to different IVs', () => {
    expect(seal(key, 'e1|s', 'a')).toBe(seal(key, 'e1|s', 'a'));
    const iv = (box: string) => Buffer.from(box, 'base64url').subarray(0, 12).toString('hex');
    expect(iv(seal(key, 'e1|s', 'a'))).not.toBe(iv(seal(key, 'e1|s', 'b')));
  });

  it('refuses a box with a changed byte', () => {
    const bytes = Buffer.from(seal(key, 'e1|s', 'hello'), 'base64url');
    bytes[bytes.length - 1]! ^= 1;
    expect(() => open(key, 'e1|s', bytes.toString('base64url'))).toThrow();
    expect(() => open(key, 'e1|s', 'abc')).toThrow(/truncated/);
  });
});
