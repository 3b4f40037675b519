import { adTierLabels, type AdTier } from '@kainga/contracts/browser';

/** A plan's tier (gold, silver, bronze) as a coloured badge (advertising.css). */
export function TierBadge({ tier }: { tier: AdTier }) {
  return <span className={`tier-badge tier-${tier}`}>{adTierLabels[tier]}</span>;
}
