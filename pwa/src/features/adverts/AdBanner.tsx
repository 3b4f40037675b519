import { useState } from 'react';
import { Button, Tag } from 'antd';
import type { ActiveAd } from '@kainga/contracts';
import { AD_DEFAULT_CTA_TEXT, AD_ROTATION_MS, adTierLabels } from '@kainga/contracts/browser';
import { DemoBadge } from '../../chrome/DemoBadge';
import type { AdQuery } from './ad-api';
import { indicatorDots, rotationKey } from './ad-rotation';
import { CLICK_RECORD_WAIT_MS, ctaHref, waitBriefly } from './cta-url';
import { useActiveAds } from './useActiveAds';
import { useAdEvents } from './useAdEvents';
import { useAdRotation } from './useAdRotation';
import './adverts.css';

export interface AdBannerProps extends AdQuery {
  /** Rotation period; default 30 s (consumer spec §9). */
  rotationMs?: number;
  /** The property the screen is about, sent with the ad events. */
  propertyId?: string | null;
}

const tierColour = { gold: 'gold', silver: 'default', bronze: 'orange' } as const;

function BannerCarousel({ ads, query, rotationMs, propertyId }: { ads: ActiveAd[]; query: AdQuery; rotationMs: number; propertyId?: string | null }) {
  // Rotation pauses while the pointer or focus is on the advert, so it can be read and used.
  const [paused, setPaused] = useState(false);
  const { index, show } = useAdRotation(rotationKey(query.placement, query.city), ads.length, paused ? 0 : rotationMs);
  const ad = ads[index]!;
  const { recordClick } = useAdEvents(query, [ad], propertyId);
  const href = ctaHref(ad.ctaUrl);

  const openCta = async () => {
    if (!href) return;
    await waitBriefly(recordClick(ad), CLICK_RECORD_WAIT_MS);
    window.open(href, '_blank', 'noopener,noreferrer');
  };

  return (
    <aside
      className={`ad-banner ad-tier-${ad.tier}`}
      aria-label="Advertisement"
      data-ad-id={ad.id}
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setPaused(false);
      }}
    >
      <p className="ad-banner-labels">
        <span className="ad-sponsored">Sponsored</span>
        <Tag color={tierColour[ad.adPlan.tier]}>{adTierLabels[ad.adPlan.tier]}</Tag>
        {ad.demo && <DemoBadge />}
      </p>
      <div className="ad-banner-body">
        {ad.imageUrl && <img className="ad-banner-image" src={ad.imageUrl} alt="" loading="lazy" />}
        <div className="ad-banner-text">
          <h3 className="ad-banner-title">{ad.title}</h3>
          <p className="ad-banner-description">{ad.description}</p>
          <p className="muted small">{ad.businessName}</p>
          {href && (
            <Button
              type="primary"
              href={href}
              target="_blank"
              rel="noopener noreferrer"
              onClick={(e) => {
                // Record the click first (briefly), then open: the link itself does not navigate.
                e.preventDefault();
                void openCta();
              }}
            >
              {ad.ctaText || AD_DEFAULT_CTA_TEXT}
            </Button>
          )}
        </div>
      </div>
      {ads.length > 1 && (
        <div className="ad-dots" role="group" aria-label="Adverts">
          {indicatorDots(index, ads.length).map((i) => (
            <button
              key={i}
              type="button"
              className={i === index ? 'ad-dot active' : 'ad-dot'}
              aria-label={`Show advert ${i + 1} of ${ads.length}`}
              aria-current={i === index ? 'true' : undefined}
              onClick={() => show(i)}
            />
          ))}
        </div>
      )}
    </aside>
  );
}

/**
 * The rotating advert banner (consumer spec §2 "Premium Partners panel and banner", §4): one
 * advert at a time — tier, title, description, image and call to action (default 'Learn More') —
 * rotating every 30 s when there are several, with at most 5 indicator dots. An impression when
 * an advert shows; a click recorded before the call to action opens in a new tab. Nothing while
 * loading, on error ('Failed to fetch ads', logged) or without adverts.
 */
export default function AdBanner({ rotationMs = AD_ROTATION_MS, propertyId, ...query }: AdBannerProps) {
  const { ads, isPending, isError } = useActiveAds(query);
  if (isPending || isError || ads.length === 0) return null;
  return <BannerCarousel key={rotationKey(query.placement, query.city)} ads={ads} query={query} rotationMs={rotationMs} propertyId={propertyId} />;
}
