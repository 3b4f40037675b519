/**
 * Password hashes live here, outside the immutable event log, so a password change or an
 * erasure request replaces or removes them for good. Keyed by user id.
 */
export interface CredentialStore {
  get(userId: string): Promise<string | null>;
  put(userId: string, passwordHash: string): Promise<void>;
  delete(userId: string): Promise<void>;
  close(): Promise<void>;
}
