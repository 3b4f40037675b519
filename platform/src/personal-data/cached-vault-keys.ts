import type { PersonalDataVault } from './personal-data-vault';

interface Cached {
  key: Buffer | null;
  /** A person was linked (or the lookup was made with one): later appends need not ask again. */
  linked: boolean;
  until: number;
}

/**
 * A vault's keys held in memory for a while: an append or a read of a personal event would
 * otherwise ask the vault each time (a rebuild reads thousands). An erasure made through this
 * cache forgets at once; one made by another process (a distributed run) is seen within `ttlMs`.
 */
export class CachedVaultKeys {
  private readonly cache = new Map<string, Cached>();
  private secret: Promise<Buffer> | null = null;

  constructor(
    readonly vault: PersonalDataVault,
    private readonly ttlMs = 60_000,
    private readonly now: () => number = Date.now,
  ) {}

  async keyFor(scope: string, person: string | null): Promise<Buffer | null> {
    const hit = this.fresh(scope);
    if (hit && (hit.linked || !person || !hit.key)) return hit.key;
    const key = await this.vault.keyFor(scope, person);
    this.cache.set(scope, { key, linked: person !== null, until: this.now() + this.ttlMs });
    return key;
  }

  async keyOf(scope: string): Promise<Buffer | null> {
    const hit = this.fresh(scope);
    if (hit) return hit.key;
    const key = await this.vault.keyOf(scope);
    this.cache.set(scope, { key, linked: false, until: this.now() + this.ttlMs });
    return key;
  }

  scopesOf(person: string): Promise<string[]> {
    return this.vault.scopesOf(person);
  }

  liveScopes(prefix: string): Promise<string[]> {
    return this.vault.liveScopes(prefix);
  }

  visitorSecret(): Promise<Buffer> {
    return (this.secret ??= this.vault.visitorSecret());
  }

  async erase(request: Parameters<PersonalDataVault['erase']>[0]): Promise<string[]> {
    try {
      return await this.vault.erase(request);
    } finally {
      // A person's scopes are not known here: forget every key rather than keep one erased.
      this.cache.clear();
    }
  }

  private fresh(scope: string): Cached | undefined {
    const hit = this.cache.get(scope);
    if (hit && hit.until > this.now()) return hit;
    if (hit) this.cache.delete(scope);
    return undefined;
  }
}
