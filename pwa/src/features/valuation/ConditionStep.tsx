import { Button } from 'antd';
import { conditionLabels, conditionSections, scoreLabels, type ConditionKey } from '@kainga/contracts/browser';
import { StarRating } from './StarRating';
import type { ConditionScoresForm } from './wizard-logic';

/** The 'Star Rating Scale Reference' legend: 0 N/A, 1 Poor … 5 Excellent. */
function ScaleReference() {
  return (
    <section className="scale-reference" aria-labelledby="scale-reference-title">
      <h3 id="scale-reference-title">Star Rating Scale Reference</h3>
      <ul>
        {scoreLabels.map((label, n) => (
          <li key={label}>
            <span className="scale-stars" aria-hidden="true">
              {n === 0 ? '—' : '★'.repeat(n)}
            </span>
            <span>
              {n} {label}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** Step 2 of 3 - Property Condition Assessment: the 34 categories in their 7 sections. */
export function ConditionStep({
  scores,
  onScore,
  onPrevious,
  onNext,
}: {
  scores: ConditionScoresForm;
  onScore: (key: ConditionKey, score: number) => void;
  onPrevious: () => void;
  onNext: () => void;
}) {
  return (
    <div className="wizard-step-body">
      <p className="muted">
        Rate each part of the property from 1 (Poor) to 5 (Excellent). Leave a category at N/A when it does not apply — N/A
        categories are left out of the condition adjustment.
      </p>
      <ScaleReference />
      {conditionSections.map((section) => (
        <fieldset key={section.title} className="condition-section">
          <legend>{section.title}</legend>
          {section.keys.map((key) => (
            <StarRating
              key={key}
              id={`condition-${key}`}
              label={conditionLabels[key as ConditionKey]}
              value={scores[key as ConditionKey] ?? 0}
              onChange={(score) => onScore(key as ConditionKey, score)}
            />
          ))}
        </fieldset>
      ))}
      <div className="wizard-actions">
        <Button size="large" onClick={onPrevious}>
          Previous
        </Button>
        <Button type="primary" size="large" onClick={onNext}>
          Next: Market Research
        </Button>
      </div>
    </div>
  );
}
