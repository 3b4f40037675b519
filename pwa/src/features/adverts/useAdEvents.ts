import { useCallback, useEffect, useRef } from 'react';
import type { ActiveAd } from '@kainga/contracts';
import { adEventBody, recordAdEvent, type AdQuery } from './ad-api';
import { browserStorage, memoryStorage } from './ad-storage';
import { claimImpression, forgetImpression } from './impression-dedup';

/** Without session storage, de-duplicate for as long as the page lives. */
const pageMemory = memoryStorage();
const sessionStore = () => browserStorage('session') ?? pageMemory;

const userAgent = () => (typeof navigator === 'undefined' ? '' : navigator.userAgent);

/**
 * Impressions and clicks of the adverts of one placement (consumer spec §2, §4, §7): an impression
 * for each advert shown — once per 24 hours per browser session — and a click when acted on.
 */
export function useAdEvents(query: AdQuery, shown: readonly ActiveAd[], propertyId?: string | null) {
  const queryRef = useRef(query);
  useEffect(() => {
    queryRef.current = query;
  });
  const shownRef = useRef(shown);
  useEffect(() => {
    shownRef.current = shown;
  });
  const shownIds = shown.map((ad) => ad.adContentId).join('\n');

  useEffect(() => {
    if (!shownIds) return;
    for (const ad of shownRef.current) {
      const storage = sessionStore();
      if (!claimImpression(storage, ad.adContentId, Date.now())) continue;
      // The advert's own serve token: the server counts only what it served to this browser.
      void recordAdEvent('impression', adEventBody(ad, queryRef.current, userAgent(), propertyId)).then((ok) => {
        if (!ok) forgetImpression(storage, ad.adContentId);
      });
    }
  }, [shownIds, propertyId]);

  /** Record a click; resolves when recorded (or failed), for callers that wait briefly. */
  const recordClick = useCallback(
    (ad: ActiveAd) => recordAdEvent('click', adEventBody(ad, queryRef.current, userAgent(), propertyId)),
    [propertyId],
  );
  return { recordClick };
}
