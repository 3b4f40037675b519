import { Signer } from '@fastify/cookie';
import { describe, expect, it } from 'vitest';
import { MemoSigner } from './session-signer';

const SECRET = 'a-session-secret-of-at-least-32-characters';
const OLD = 'an-older-secret-of-at-least-32-characters!';

describe('MemoSigner', () => {
  it('signs and checks exactly as @fastify/cookie does, asked once or many times', () => {
    const memo = new MemoSigner(SECRET);
    const plain = new Signer(SECRET);
    for (let round = 0; round < 3; round++) {
      for (const id of ['abc', 'def', 'Zm9vYmFy-_']) {
        expect(memo.sign(id)).toBe(plain.sign(id));
        expect(memo.unsign(plain.sign(id))).toEqual(plain.unsign(plain.sign(id)));
      }
    }
  });

  it('refuses a forged or altered cookie every time, and does not remember it', () => {
    const memo = new MemoSigner(SECRET);
    const good = memo.sign('session-id');
    expect(memo.unsign(good)).toMatchObject({ valid: true, value: 'session-id' });
    const forged = new Signer('somebody-elses-secret-of-32-characters-or-more').sign('session-id');
    for (let i = 0; i < 3; i++) expect(memo.unsign(forged)).toMatchObject({ valid: false, value: null });
    expect(memo.unsign(`${good}x`)).toMatchObject({ valid: false });
    expect(memo.unsign('session-id')).toMatchObject({ valid: false });
  });

  it('says every time that a cookie signed with an older secret needs renewing', () => {
    const memo = new MemoSigner([SECRET, OLD]);
    const old = new Signer(OLD).sign('session-id');
    for (let i = 0; i < 3; i++) expect(memo.unsign(old)).toEqual({ valid: true, renew: true, value: 'session-id' });
  });

  it('keeps at most its size, dropping the oldest', () => {
    const memo = new MemoSigner(SECRET, 2);
    const plain = new Signer(SECRET);
    for (const id of ['a', 'b', 'c', 'a']) expect(memo.sign(id)).toBe(plain.sign(id));
    const sizes = memo as unknown as { signed: Map<string, string> };
    expect([...sizes.signed.keys()]).toEqual(['c', 'a']);
  });

  it('refuses a short secret, as @fastify/session does for a string', () => {
    expect(() => new MemoSigner('short')).toThrow(/32 or greater/);
    expect(() => new MemoSigner([])).toThrow(/at least one/);
  });
});
