import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { Button, Tooltip } from 'antd';
import type { UserValuation } from '@kainga/contracts';
import { propertyTypeLabels, propertyTypeOf } from '@kainga/contracts/browser';
import { LocalPartnerAdvert, PremiumPartners, type AdLocation } from '../adverts';
import { CalculatorModal, MortgageCalculator, RentalYieldCalculator, type MortgageSummary } from '../calculators';
import { fullAddress } from './summary-logic';
import { ValuationSummary } from './ValuationSummary';
import './valuation.css';

/** The local-professionals cards load with their own chunk. */
const LocalProfessionals = lazy(() => import('../professionals/LocalProfessionals'));

type CalculatorKind = 'mortgage' | 'rental';

/** Quick actions without behaviour in the spec: shown, disabled, and saying so. */
const comingSoon = ['Share Report', 'Compare Properties', 'Set Alerts'] as const;

function QuickActions({ onOpen }: { onOpen: (kind: CalculatorKind) => void }) {
  return (
    <section className="card quick-actions" aria-labelledby="quick-actions-title">
      <h2 id="quick-actions-title">Quick Actions</h2>
      <ul>
        <li>
          <Button block onClick={() => onOpen('mortgage')}>
            Mortgage Calculator
          </Button>
        </li>
        <li>
          <Button block onClick={() => onOpen('rental')}>
            Rental Yield Calculator
          </Button>
        </li>
        {comingSoon.map((label) => (
          <li key={label}>
            <Tooltip title="Coming soon">
              <Button block disabled aria-describedby="coming-soon-note">
                {label}
              </Button>
            </Tooltip>
          </li>
        ))}
      </ul>
      <p id="coming-soon-note" className="muted small">
        Sharing, comparing properties and alerts are coming soon.
      </p>
    </section>
  );
}

/**
 * The results of one valuation (consumer spec "Signed-in home", with a valuation selected):
 * 'Property Valuation Results', the Valuation Summary, the Mortgage Calculator, the Rental Yield
 * Calculator once the mortgage calculator says the property will be rented, and Quick Actions
 * that open the calculator modal; and the adverts of the property's place (the local-partner
 * advert, the Premium Partners sidebar, the calculators' own). Mount it with
 * `key={valuation.id}`: its state (saved indicator, calculators) belongs to one valuation.
 */
export function ValuationResults({ valuation, onNewAssessment }: { valuation: UserValuation; onNewAssessment: () => void }) {
  const [mortgage, setMortgage] = useState<MortgageSummary | null>(null);
  const [rental, setRental] = useState(false);
  const [modal, setModal] = useState<CalculatorKind | null>(null);
  const headingRef = useRef<HTMLHeadingElement | null>(null);
  const propertyValue = valuation.estimatedValue ?? 0;
  const { city, suburb, id: propertyId } = valuation.property;
  const adLocation: AdLocation = { city, suburb, propertyId };

  useEffect(() => {
    window.scrollTo({ top: 0 });
    headingRef.current?.focus();
  }, []);

  return (
    <div className="container page results">
      <header className="results-head">
        <div>
          <h1 tabIndex={-1} ref={headingRef}>
            Property Valuation Results
          </h1>
          <p className="lead">
            Complete valuation analysis for {fullAddress(valuation.property)} <span className="muted">({propertyTypeLabels[propertyTypeOf(valuation.property)]})</span>
          </p>
        </div>
        <Button size="large" onClick={onNewAssessment}>
          New Assessment
        </Button>
      </header>

      <div className="results-grid">
        <div className="results-main">
          <ValuationSummary valuation={valuation} />
          <div className="card">
            <MortgageCalculator propertyValue={propertyValue} onMortgageChange={setMortgage} onRentalUsageChange={setRental} adLocation={adLocation} />
          </div>
          {rental && (
            <div className="card">
              <RentalYieldCalculator propertyValue={propertyValue} mortgage={mortgage} adLocation={adLocation} />
            </div>
          )}
          <LocalPartnerAdvert placement="property_results" {...adLocation} />
          <Suspense fallback={null}>
            <LocalProfessionals propertyId={valuation.property.id} city={valuation.property.city} />
          </Suspense>
        </div>
        <aside className="results-side">
          <QuickActions onOpen={setModal} />
          <PremiumPartners {...adLocation} />
        </aside>
      </div>

      <CalculatorModal open={modal} onClose={() => setModal(null)} propertyValue={propertyValue} mortgage={mortgage} />
    </div>
  );
}
