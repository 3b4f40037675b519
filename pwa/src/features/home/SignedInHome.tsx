import { useEffect, useState } from 'react';
import { useLocation } from 'react-router-dom';
import type { UserValuation } from '@kainga/contracts';
import { useUser } from '../../auth/user';
import { asksForNewAssessment } from '../../chrome/menu-items';
import { usePageTitle } from '../../chrome/usePageTitle';
import { DEFAULT_MARKET_CITY } from '../valuation/market-logic';
import { MarketPanel } from '../valuation/MarketPanel';
import { RecentValuations } from '../valuation/RecentValuations';
import { StatsRow } from '../valuation/StatsRow';
import { ValuationResults } from '../valuation/ValuationResults';
import { ValuationShowcase } from '../valuation/ValuationShowcase';
import { ValuationWizard } from '../valuation/ValuationWizard';
import '../valuation/valuation.css';

/**
 * The signed-in home (consumer spec "Signed-in home"). With no valuation selected: the Recent
 * Valuations showcase, the public stats row, the assessment wizard (two-thirds) beside the market
 * panel for the chosen city (default Auckland) and the user's last 3 valuations. With one selected
 * (a recent card clicked or an assessment completed): its results, until 'New Assessment'.
 */
export default function SignedInHome() {
  const { user } = useUser();
  const firstName = user?.firstName.trim() || 'there';
  const [selected, setSelected] = useState<UserValuation | null>(null);
  const [city, setCity] = useState(DEFAULT_MARKET_CITY);
  /** A new wizard (an empty form) after each 'New Assessment'. */
  const [wizardKey, setWizardKey] = useState(0);
  usePageTitle(selected ? 'Property Valuation Results' : null);

  // Start Assessment (header) navigates here with startAssessment in its state, also from / itself:
  // each such navigation (a new location key) opens a fresh wizard, as the button promises, and
  // brings it into view with the first field focused.
  const location = useLocation();
  const startKey = asksForNewAssessment(location.state) ? location.key : null;
  const [startedFor, setStartedFor] = useState<string | null>(null);
  if (startKey !== null && startKey !== startedFor) {
    setStartedFor(startKey);
    setSelected(null);
    setCity(DEFAULT_MARKET_CITY);
    setWizardKey((k) => k + 1);
  }
  useEffect(() => {
    if (startedFor === null) return;
    document.getElementById('wizard-title')?.closest('section')?.scrollIntoView({ block: 'start' });
    document.getElementById('valuation-address')?.focus({ preventScroll: true });
  }, [startedFor]);

  if (selected) {
    return (
      <ValuationResults
        key={selected.id}
        valuation={selected}
        onNewAssessment={() => {
          setSelected(null);
          setCity(DEFAULT_MARKET_CITY);
          setWizardKey((k) => k + 1);
        }}
      />
    );
  }

  return (
    <div className="container page signed-in-home">
      <header>
        <h1>Kia ora, {firstName}</h1>
        <p className="lead">Find out what a property is really worth: describe it, rate its condition and we'll research the market.</p>
      </header>
      <ValuationShowcase
        compact
        headingId="recent-showcase-title"
        title="Recent Valuations Across New Zealand"
        intro="The latest assessments by Kāinga users, shown as value bands."
      />
      <StatsRow />
      <div className="home-grid">
        <div className="home-main">
          <ValuationWizard key={wizardKey} onComplete={setSelected} onCityChange={setCity} />
        </div>
        <aside className="home-side">
          <MarketPanel city={city} />
          <RecentValuations onSelect={setSelected} />
        </aside>
      </div>
    </div>
  );
}
