import { adPlacements, type AdPlacement } from '@kainga/contracts';
import { createHmac, timingSafeEqual } from 'node:crypto';

/** How long a served advert may still count its impression or click (the page refetches every 10 minutes). */
export const AD_SERVE_TOKEN_TTL_MS = 60 * 60_000;

/** What the server knew when it showed an advert (GET /api/ads/active). */
export interface ServedAd {
  adContentId: string;
  subscriptionId: string;
  placement: AdPlacement;
  /** The town the advert was bought for: impressions are recorded there, whatever the page says. */
  locationId: string;
  /** The plan's maxImpressions a month when served (the cap the allowance holds to). */
  cap: number;
  /** The keyed hash of the browser session it was shown to (ad-visitor.ts). */
  sessionHash: string;
  /** Milliseconds since the epoch. */
  servedAt: number;
}

export type ServeTokenCheck = { ok: true; served: ServedAd } | { ok: false; reason: 'not_served' | 'expired' };

/**
 * Serve tokens: each advert GET /api/ads/active answers carries one, an HMAC-signed record of
 * what was shown, where and to which browser session, and when. An impression or click counts
 * only with a token the server signed, for the same advert and placement, within the hour (IAB/MRC:
 * count only what was served). The key derives from the session secret, so every API process
 * checks every other's tokens, and nothing is stored per token.
 *
 * Written by hand (payload `base64url(JSON)`, a 128-bit HMAC-SHA256 tag) rather than with a JWT
 * library: one fixed algorithm leaves nothing to negotiate, and it costs ~4 µs a check on the hot
 * path (ops bench: impressions a second).
 */
export class ServeTokens {
  private readonly key: Buffer;

  constructor(secret: string) {
    this.key = createHmac('sha256', secret).update('kainga advert serve tokens').digest();
  }

  issue(served: ServedAd): string {
    const payload = Buffer.from(JSON.stringify([served.adContentId, served.subscriptionId, served.placement, served.locationId, served.cap, served.sessionHash, served.servedAt])).toString('base64url');
    return `${payload}.${this.tag(payload)}`;
  }

  check(token: string | null, now: number): ServeTokenCheck {
    const dot = token?.indexOf('.') ?? -1;
    if (!token || dot < 1) return { ok: false, reason: 'not_served' };
    const payload = token.slice(0, dot);
    const tag = Buffer.from(token.slice(dot + 1), 'base64url');
    const expected = Buffer.from(this.tag(payload), 'base64url');
    if (tag.length !== expected.length || !timingSafeEqual(tag, expected)) return { ok: false, reason: 'not_served' };
    const served = parse(payload);
    if (!served) return { ok: false, reason: 'not_served' };
    // A token from the future (another process's clock a little ahead) is accepted; an old one is not.
    if (now - served.servedAt > AD_SERVE_TOKEN_TTL_MS) return { ok: false, reason: 'expired' };
    return { ok: true, served };
  }

  private tag(payload: string): string {
    return createHmac('sha256', this.key).update(payload).digest().subarray(0, 16).toString('base64url');
  }
}

/** The signed payload back as a ServedAd; null when its shape is not ours (only a key holder could sign it). */
function parse(payload: string): ServedAd | null {
  try {
    const [adContentId, subscriptionId, placement, locationId, cap, sessionHash, servedAt] = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as unknown[];
    const strings = [adContentId, subscriptionId, locationId, sessionHash].every((v) => typeof v === 'string');
    if (!strings || !adPlacements.includes(placement as AdPlacement) || typeof cap !== 'number' || typeof servedAt !== 'number') return null;
    return { adContentId, subscriptionId, placement, locationId, cap, sessionHash, servedAt } as ServedAd;
  } catch {
    return null;
  }
}
