import { DemoBadge } from '../../chrome/DemoBadge';
import { Alert, Button, Progress } from 'antd';
import type { Comparable } from '@kainga/contracts';
import { formatArea, formatDateNZ, formatKm, formatNZD } from '../../format/format';
import { PublicNotice } from './PublicNotice';
import { researchProgress } from './wizard-logic';

export type ResearchStatus = 'idle' | 'running' | 'done' | 'failed';

export interface ResearchView {
  status: ResearchStatus;
  comparables: Comparable[];
  note: string | null;
  error: string | null;
}

function ComparableCard({ c }: { c: Comparable }) {
  return (
    <li className="comparable-card">
      <div className="comparable-head">
        <h4>{c.address}</h4>
        {c.demo && <DemoBadge />}
      </div>
      {(c.suburb || c.city) && <p className="muted small">{[c.suburb, c.city].filter(Boolean).join(', ')}</p>}
      <dl className="facts">
        <div>
          <dt>Sold</dt>
          <dd>{formatDateNZ(c.saleDate)}</dd>
        </div>
        <div>
          <dt>Price</dt>
          <dd className="strong">{formatNZD(c.price)}</dd>
        </div>
        <div>
          <dt>Match</dt>
          <dd>{Math.round(c.matchPercentage)}%</dd>
        </div>
        <div>
          <dt>Bedrooms</dt>
          <dd>{c.bedrooms ?? '—'}</dd>
        </div>
        <div>
          <dt>Floor</dt>
          <dd>{formatArea(c.floorArea)}</dd>
        </div>
        <div>
          <dt>Land</dt>
          <dd>{formatArea(c.landArea)}</dd>
        </div>
        <div>
          <dt>Distance</dt>
          <dd>{formatKm(c.distance)}</dd>
        </div>
      </dl>
    </li>
  );
}

/** Step 3 of 3 - Market Research (consumer spec "Valuation wizard"). */
export function MarketResearchStep({
  research,
  waitingHint,
  submitting,
  onResearch,
  onPrevious,
  onSubmit,
}: {
  research: ResearchView;
  /** Why research has not started by itself (`researchWaitingHint`), or null. */
  waitingHint: string | null;
  submitting: boolean;
  onResearch: () => void;
  onPrevious: () => void;
  onSubmit: () => void;
}) {
  const running = research.status === 'running';
  const hasResults = research.comparables.length > 0;
  const percent = researchProgress(running, hasResults);
  return (
    <div className="wizard-step-body">
      <p className="muted">
        Market research started automatically when the address was entered: we look for up to 5 comparable properties sold in
        the last 3 months.
      </p>

      {percent > 0 && (
        <div className="research-progress" role="status">
          <Progress percent={percent} status={running ? 'active' : 'success'} aria-label="Market research progress" />
          <p className="strong">{running ? 'Analyzing comparable sales...' : 'Research Complete'}</p>
        </div>
      )}

      {research.status === 'failed' && research.error && (
        <Alert type="error" showIcon className="form-alert" title="Research Failed" description={research.error} />
      )}

      <section aria-labelledby="comparables-title">
        <div className="section-head">
          <h3 id="comparables-title">Recent Comparable Sales</h3>
          <Button onClick={onResearch} disabled={running || submitting} loading={running}>
            {research.status === 'idle' ? 'Research Comparable Sales' : 'Research Again'}
          </Button>
        </div>
        {research.note && hasResults && (
          <Alert type="info" showIcon className="form-alert" title={research.note} />
        )}
        {hasResults ? (
          <ul className="comparable-list">
            {research.comparables.map((c) => (
              <ComparableCard key={c.saleId} c={c} />
            ))}
          </ul>
        ) : running ? null : research.status === 'done' ? (
          <div className="empty-state">
            <h4>No Comparables Found</h4>
            <p>{research.note ?? 'No comparable sales were found for this property.'} A valuation can still be generated from the property details and condition ratings.</p>
          </div>
        ) : (
          <div className="empty-state">
            <h4>No Comparables Yet</h4>
            <p>Research begins once the address and city are entered.</p>
            {research.status === 'idle' && waitingHint && <p>{waitingHint}</p>}
          </div>
        )}
      </section>

      <PublicNotice />

      <div className="wizard-actions">
        <Button size="large" onClick={onPrevious} disabled={submitting}>
          Previous
        </Button>
        <Button type="primary" size="large" onClick={onSubmit} disabled={submitting} loading={submitting}>
          {submitting ? 'Generating Valuation...' : 'Generate Valuation'}
        </Button>
      </div>
    </div>
  );
}
