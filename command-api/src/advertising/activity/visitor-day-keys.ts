import type { PersonalDataVault } from '@kainga/platform';

/** The daily keys' scopes in the personal-data vault: `adVisitors:<UTC day>`. */
export const VISITOR_KEY_PREFIX = 'adVisitors:';
/**
 * Days a visitor key lives: the UTC day it hashes and the next. A browser session that crosses
 * midnight is still one session to the 24 h de-duplication, which therefore needs yesterday's key
 * too; after that nothing needs it, and once it is destroyed the hashes made with it (kept in the
 * log for ever, so replays stay the same) can no longer be matched to an address or a browser.
 */
export const VISITOR_KEY_DAYS = 2;
const DAY_MS = 24 * 60 * 60_000;

export const utcDayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);

export interface DayKeys {
  today: Buffer;
  /** Yesterday's key, while it is kept (none on a service's first day). */
  yesterday: Buffer | null;
}

type VaultKeys = Pick<PersonalDataVault, 'keyFor' | 'keyOf' | 'liveScopes' | 'erase'>;

/**
 * The advertising visitor hashes' keys (issue 50, retention): one random key per UTC day in the
 * personal-data vault, shared by every process of a distributed run, and destroyed once
 * VISITOR_KEY_DAYS have passed (destroyExpired, run by the retention schedule). Before, one key
 * derived from the session secret hashed every address for ever: anyone holding the secret could
 * test any address against years of impressions.
 */
export class VisitorDayKeys {
  private current: { day: string; keys: Promise<DayKeys> } | null = null;

  constructor(private readonly vault: VaultKeys) {}

  /** The keys in force at `now`; today's is made on first use. */
  at(now: number): Promise<DayKeys> {
    const day = utcDayOf(now);
    if (this.current?.day === day) return this.current.keys;
    const keys = this.load(day, utcDayOf(now - DAY_MS));
    const current = { day, keys };
    this.current = current;
    // A vault that failed once is asked again by the next request, not remembered as failed.
    keys.catch(() => {
      if (this.current === current) this.current = null;
    });
    return keys;
  }

  /** Destroys every visitor key older than VISITOR_KEY_DAYS; answers the scopes destroyed. */
  async destroyExpired(now: number): Promise<string[]> {
    const oldestKept = utcDayOf(now - (VISITOR_KEY_DAYS - 1) * DAY_MS);
    const expired = (await this.vault.liveScopes(VISITOR_KEY_PREFIX)).filter((scope) => scope.slice(VISITOR_KEY_PREFIX.length) < oldestKept);
    if (expired.length === 0) return [];
    await this.vault.erase({ scopes: expired, at: new Date(now).toISOString() });
    // What this process holds may be a key just destroyed (its day long past): asked again on next use.
    this.current = null;
    return expired;
  }

  private async load(today: string, yesterday: string): Promise<DayKeys> {
    const [key, earlier] = await Promise.all([this.vault.keyFor(`${VISITOR_KEY_PREFIX}${today}`, null), this.vault.keyOf(`${VISITOR_KEY_PREFIX}${yesterday}`)]);
    // Only a clock set back past a destroyed day gets here: hashing on would link nothing, so say why.
    if (!key) throw new Error(`The advertising visitor key of ${today} was destroyed already; is this machine's clock behind?`);
    return { today: key, yesterday: earlier };
  }
}
