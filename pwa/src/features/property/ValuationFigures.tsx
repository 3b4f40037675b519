import type { PropertyMapDetails } from '@kainga/contracts';
import { formatNZD } from '../../format/format';
import { formatConfidencePercent } from './property-text';

type LatestValuation = NonNullable<PropertyMapDetails['latestValuation']>;

/** Exact figures of a valuation (owner/admin only): estimated, conservative, optimistic, confidence %. */
export function ValuationFigures({ valuation, estimatedLabel }: { valuation: LatestValuation; estimatedLabel: string }) {
  const present = (v: number | null | undefined): v is number => v !== null && v !== undefined;
  return (
    <dl className="valuation-figures">
      <div className="figure-main">
        <dt>{estimatedLabel}</dt>
        <dd>{formatNZD(valuation.estimatedValue)}</dd>
      </div>
      {present(valuation.conservativeValue) && (
        <div>
          <dt>Conservative</dt>
          <dd>{formatNZD(valuation.conservativeValue)}</dd>
        </div>
      )}
      {present(valuation.optimisticValue) && (
        <div>
          <dt>Optimistic</dt>
          <dd>{formatNZD(valuation.optimisticValue)}</dd>
        </div>
      )}
      <div>
        <dt>Confidence</dt>
        <dd>{formatConfidencePercent(valuation.confidence)}</dd>
      </div>
    </dl>
  );
}
