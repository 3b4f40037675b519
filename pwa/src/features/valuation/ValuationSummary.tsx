import { Button, Collapse, Tooltip } from 'antd';
import { useState } from 'react';
import type { UserValuation } from '@kainga/contracts';
import { plainExplanation } from '@kainga/contracts/browser';
import { formatDateNZ, formatNZD, formatSignedNZD } from '../../format/format';
import { CONFIDENCE_DOTS, adjustmentTone, summaryConfidence, valueBreakdown } from './summary-logic';
import { useReportGeneration, useSaveValuation } from './useValuationActions';

function ConfidenceDots({ confidence }: { confidence: number | null }) {
  const c = summaryConfidence(confidence);
  return (
    <div className="confidence" aria-label={`Confidence: ${c.text}, ${c.filled} of ${CONFIDENCE_DOTS} dots`} role="img">
      <span className="confidence-dots" aria-hidden="true">
        {Array.from({ length: CONFIDENCE_DOTS }, (_, i) => (
          <span key={i} className={`dot${i < c.filled ? ' filled' : ''}`} />
        ))}
      </span>
      <span className="confidence-text" aria-hidden="true">
        {c.text}
      </span>
    </div>
  );
}

const saveLabels = { idle: 'Not saved yet', saving: 'Saving...', saved: 'Saved' } as const;

/**
 * 'How we got here' (issue 11): what the sales, the rateable value, condition and the market did
 * and how sure we are, in plain words (contracts plainExplanation, the report's too); the model's
 * own lines with the formulas one click away, folded by default.
 */
function HowWeGotHere({ valuation }: { valuation: UserValuation }) {
  const [formulasOpen, setFormulasOpen] = useState(false);
  const sentences = plainExplanation(valuation);
  return (
    <section className="explanation" aria-labelledby="explanation-title">
      <h3 id="explanation-title">How we got here</h3>
      <ul className="plain-explanation" data-testid="plain-explanation">
        {sentences.map((s) => (
          <li key={s.key} data-key={s.key}>
            <strong>{s.lead}:</strong> {s.text}
          </li>
        ))}
      </ul>
      {valuation.explanation.length > 0 && (
        <Collapse
          className="formulas"
          ghost
          size="small"
          activeKey={formulasOpen ? ['formulas'] : []}
          onChange={(keys) => setFormulasOpen(keys.includes('formulas'))}
          items={[
            {
              key: 'formulas',
              label: formulasOpen ? 'Hide the formulas' : 'Show the formulas',
              // In the page though folded, so that a printed page shows them (valuation.css, @media print).
              forceRender: true,
              children: (
                <ul className="formula-lines" data-testid="formula-lines">
                  {valuation.explanation.map((line, i) => (
                    <li key={i}>{line}</li>
                  ))}
                </ul>
              ),
            },
          ]}
        />
      )}
      <p className="muted small">{valuation.engine === 'openai' ? 'Estimated by the AI valuer.' : 'Estimated by the Kāinga valuation model.'}</p>
    </section>
  );
}

/**
 * The Valuation Summary (consumer spec "Valuation Summary (results)"): estimated value,
 * confidence, Value Breakdown, Value Range, 'Generate Full Report' and 'Save Valuation', and how
 * we got there in plain words, with the model's formulas a click away so the estimate can be checked.
 */
export function ValuationSummary({ valuation }: { valuation: UserValuation }) {
  const breakdown = valueBreakdown(valuation);
  const report = useReportGeneration(valuation.id);
  const saving = useSaveValuation(valuation);
  return (
    <section className="card summary" aria-labelledby="summary-title">
      <div className="section-head">
        <h2 id="summary-title">Valuation Summary</h2>
        <span className="muted small">Assessed on {formatDateNZ(valuation.createdAt)}</span>
      </div>

      <div className="estimate">
        <p className="estimate-label">Estimated Value</p>
        <p className="estimate-value" data-testid="estimated-value">
          {formatNZD(valuation.estimatedValue)}
        </p>
        <ConfidenceDots confidence={valuation.confidence} />
      </div>

      <h3>Value Breakdown</h3>
      <dl className="breakdown">
        {breakdown.rows.map((row) => (
          <div key={row.key} className="breakdown-row" data-row={row.key}>
            <dt>
              {row.hint ? (
                <Tooltip title={row.hint}>
                  <span className="has-hint">{row.label}</span>
                </Tooltip>
              ) : (
                row.label
              )}
            </dt>
            <dd className={row.signed && row.value !== null ? `amount ${adjustmentTone(row.value)}` : 'amount'}>
              {row.value === null ? 'Not given' : row.signed ? formatSignedNZD(row.value) : formatNZD(row.value)}
            </dd>
          </div>
        ))}
        <div className="breakdown-row total" data-row="total">
          <dt>Total Estimated Value</dt>
          <dd className="amount">{formatNZD(breakdown.total)}</dd>
        </div>
      </dl>

      <h3>Value Range</h3>
      <dl className="value-range">
        <div data-row="conservative">
          <dt>Conservative</dt>
          <dd>{formatNZD(valuation.conservativeValue)}</dd>
        </div>
        <div data-row="optimistic">
          <dt>Optimistic</dt>
          <dd>{formatNZD(valuation.optimisticValue)}</dd>
        </div>
      </dl>
      <p className="muted small">
        About 4 in 5 homes like this one sell within this range: it is sized from how far the town&apos;s recent sales, valued the same way, fell from their estimates.
      </p>

      {valuation.estimatedValue !== null && <HowWeGotHere valuation={valuation} />}

      <div className="summary-actions">
        <Button type="primary" size="large" onClick={report.generate} disabled={report.generating} loading={report.generating}>
          {report.generating ? 'Generating Report...' : 'Generate Full Report'}
        </Button>
        <Button size="large" onClick={saving.save} disabled={saving.status !== 'idle'}>
          Save Valuation
        </Button>
        <span className={`save-status ${saving.status}`} role="status" data-testid="save-status">
          {saveLabels[saving.status]}
        </span>
      </div>
    </section>
  );
}
