import { useState, type ReactNode } from 'react';
import { Button, Skeleton } from 'antd';
import type { ActiveAd } from '@kainga/contracts';
import { AD_SIDEBAR_MAX, AD_VALUATION_ROTATION_MS, roleLabels } from '@kainga/contracts/browser';
import { DemoBadge } from '../../chrome/DemoBadge';
import type { AdQuery } from './ad-api';
import { rotated, rotationKey } from './ad-rotation';
import { ContactPartnerDialog } from './ContactPartnerDialog';
import { useActiveAds } from './useActiveAds';
import { useAdEvents } from './useAdEvents';
import { useAdRotation } from './useAdRotation';
import './adverts.css';

export const PREMIUM_FOOTER = 'Featured Premium Partners • Trusted Service Providers';

function Panel({ children, busy }: { children: ReactNode; busy?: boolean }) {
  return (
    <section className="card premium-partners" aria-labelledby="premium-partners-title" aria-busy={busy || undefined}>
      <h2 id="premium-partners-title">Premium Partners</h2>
      {children}
      <p className="muted small premium-footer">{PREMIUM_FOOTER}</p>
    </section>
  );
}

function PartnerCards({ ads, query, propertyId }: { ads: ActiveAd[]; query: AdQuery; propertyId?: string | null }) {
  // The cards take turns at the top (the featured place) every 60 s (consumer spec §2, §9).
  const { index } = useAdRotation(rotationKey(query.placement, query.city), ads.length, AD_VALUATION_ROTATION_MS);
  const shown = rotated(ads, index);
  const { recordClick } = useAdEvents(query, shown, propertyId);
  const [contact, setContact] = useState<ActiveAd | null>(null);
  return (
    <Panel>
      <ul className="premium-list">
        {shown.map((ad) => (
          <li key={ad.id} className="premium-card" data-ad-id={ad.id}>
            <h3>
              {ad.businessName} {ad.demo && <DemoBadge />}
            </h3>
            <p className="premium-role">{roleLabels[ad.partnerRole]}</p>
            <p className="muted small">{ad.cityName}</p>
            <Button
              type="primary"
              block
              aria-label={`Contact Partner ${ad.businessName}`}
              onClick={() => {
                void recordClick(ad);
                setContact(ad);
              }}
            >
              Contact Partner
            </Button>
          </li>
        ))}
      </ul>
      {contact && <ContactPartnerDialog key={contact.id} partner={contact} onClose={() => setContact(null)} />}
    </Panel>
  );
}

/**
 * The 'Premium Partners' sidebar of the valuation screen (consumer spec §2): up to 3 gold adverts
 * of registered valuers for the valuation's place, each with the business, 'Registered Valuer',
 * the city and 'Contact Partner' (a click, then the contact dialog). A skeleton of 3 cards while
 * loading; nothing on error or without adverts.
 */
export default function PremiumPartnersPanel({ city, suburb, propertyId }: { city: string; suburb?: string | null; propertyId?: string | null }) {
  const query: AdQuery = { placement: 'sidebar_valuation', city, suburb, targetRole: 'registered_valuer' };
  const { ads, isPending, isError } = useActiveAds(query);
  if (isPending)
    return (
      <Panel busy>
        <ul className="premium-list" aria-label="Loading premium partners">
          {Array.from({ length: AD_SIDEBAR_MAX }, (_, i) => (
            <li key={i} className="premium-card">
              <Skeleton active title paragraph={{ rows: 2 }} />
            </li>
          ))}
        </ul>
      </Panel>
    );
  const gold = ads.filter((ad) => ad.tier === 'gold').slice(0, AD_SIDEBAR_MAX);
  if (isError || gold.length === 0) return null;
  return <PartnerCards key={rotationKey(query.placement, city)} ads={gold} query={query} propertyId={propertyId} />;
}
