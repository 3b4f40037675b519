import { randomBytes, timingSafeEqual } from 'node:crypto';

/** Where a shared report opens: `/shared/<shareId>.<secret>`. */
export const SHARED_PATH = '/shared';

/** 32 random bytes: a link no one guesses. */
export const newShareSecret = () => randomBytes(32).toString('base64url');

export const sharedLinkPath = (shareId: string, secret: string) => `${SHARED_PATH}/${shareId}.${secret}`;

/** The share id and secret a link names, or null for anything that is not one. */
export function parseSharedLink(link: string): { shareId: string; secret: string } | null {
  const m = /^([0-9a-f-]{36})\.([A-Za-z0-9_-]{43})$/.exec(link);
  return m ? { shareId: m[1]!, secret: m[2]! } : null;
}

/** Whether the secret a visitor sent is the link's, in time that does not depend on where they differ. An erased secret ('') matches nothing. */
export function secretMatches(sent: string, stored: string): boolean {
  if (stored.length === 0 || sent.length !== stored.length) return false;
  return timingSafeEqual(Buffer.from(sent), Buffer.from(stored));
}
