import { lazy, Suspense } from 'react';
import type { AdBannerProps } from './AdBanner';

/**
 * The adverts owners see (consumer spec §2, §4), each loaded with its own chunk so that no
 * advert code weighs on the first paint of the screen around it:
 *
 * - `<PremiumPartners city suburb? propertyId? />` — the valuation screen's sidebar panel.
 * - `<LocalPartnerAdvert placement city suburb? targetRole? propertyId? rotationMs? />` — the
 *   rotating banner (results screen, mortgage and rental calculators).
 */
const LazyBanner = lazy(() => import('./AdBanner'));
const LazyPanel = lazy(() => import('./PremiumPartnersPanel'));

/** Where a screen's adverts are for: the property's place (and the property, for the ad events). */
export interface AdLocation {
  city: string;
  suburb?: string | null;
  propertyId?: string | null;
}

export function LocalPartnerAdvert(props: AdBannerProps) {
  return (
    <Suspense fallback={null}>
      <LazyBanner {...props} />
    </Suspense>
  );
}

export function PremiumPartners(props: AdLocation) {
  return (
    <Suspense fallback={null}>
      <LazyPanel {...props} />
    </Suspense>
  );
}
