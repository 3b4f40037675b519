import { createHmac } from 'node:crypto';

/**
 * The keys that seal personal data in the event log, kept outside it (issue 50). One key per
 * scope (`user:<id>`, `property:<id>`, `lead:<id>`…), each linked to the person it belongs to
 * when known. Erasing destroys keys for good and leaves a tombstone, so a scope once erased never
 * gets a new key (what is later written under it is dropped, not sealed) and a restore can tell
 * which scopes were erased.
 */
export interface PersonalDataVault {
  /** The scope's key, made on first use and linked to `person` when given (a link, once made, stays). Null: the scope was erased. */
  keyFor(scope: string, person: string | null): Promise<Buffer | null>;
  /** The scope's key; null when it was erased or never made. */
  keyOf(scope: string): Promise<Buffer | null>;
  /** The vault's secret for naming signed-out visitors by email without keeping the email (see visitorPersonOf). */
  visitorSecret(): Promise<Buffer>;
  /** Destroys the keys of every scope linked to one of `persons` and of every scope in `scopes`; the scopes erased (tombstoned) by this call. */
  erase(request: { persons?: readonly string[]; scopes?: readonly string[]; at: string }): Promise<string[]>;
  /** The scopes linked to `person` that still have their key (what an erasure of a visitor with no account finds). */
  scopesOf(person: string): Promise<string[]>;
  /** The scopes starting with `prefix` that still have their key (retention destroys keys by age: the advertising visitor keys). */
  liveScopes(prefix: string): Promise<string[]>;
  /** Every erased scope with when (what a restore re-applies). */
  tombstones(): Promise<{ scope: string; person: string | null; erasedAt: string }[]>;
  close(): Promise<void>;
}

/** The first string after every string starting with `prefix` (a range scan's end: `a:` → `a;`). */
export function prefixEnd(prefix: string): string {
  return prefix.slice(0, -1) + String.fromCharCode(prefix.charCodeAt(prefix.length - 1) + 1);
}

/**
 * The person id of a signed-out visitor, from their email: a keyed digest (the vault's secret), so
 * the log and the vault never hold the address, and a guess cannot be checked without the vault.
 */
export function visitorPersonOf(secret: Buffer, email: string): string {
  return `visitor:${createHmac('sha256', secret).update(email.trim().toLowerCase()).digest('base64url').slice(0, 32)}`;
}
