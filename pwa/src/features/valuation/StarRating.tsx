import { useRef, type KeyboardEvent } from 'react';
import { scoreLabels } from '@kainga/contracts/browser';

const MAX = 5;
const choices = [0, 1, 2, 3, 4, 5] as const;

/** Accessible name of a choice: 'N/A', '1 star, Poor', '4 stars, Very Good'. */
export const choiceName = (n: number) => (n === 0 ? 'N/A' : `${n} ${n === 1 ? 'star' : 'stars'}, ${scoreLabels[n]}`);

/**
 * One condition category: an N/A button plus five stars (consumer spec step 2), with radio-group
 * semantics. Tab reaches the chosen value; arrow keys move and choose, Home is N/A, End is 5.
 */
export function StarRating({ id, label, value, onChange }: { id: string; label: string; value: number; onChange: (score: number) => void }) {
  const refs = useRef<(HTMLButtonElement | null)[]>([]);
  const choose = (n: number) => {
    const next = Math.min(MAX, Math.max(0, n));
    onChange(next);
    refs.current[next]?.focus();
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const keys: Record<string, number> = {
      ArrowRight: value + 1,
      ArrowUp: value + 1,
      ArrowLeft: value - 1,
      ArrowDown: value - 1,
      Home: 0,
      End: MAX,
    };
    const target = keys[event.key];
    if (target === undefined) return;
    event.preventDefault();
    choose(target);
  };
  const labelId = `${id}-label`;
  return (
    <div className="rating-row">
      <span className="rating-label" id={labelId}>
        {label}
      </span>
      <div className="rating-control">
        <div role="radiogroup" aria-labelledby={labelId} className="star-rating" onKeyDown={onKeyDown}>
          {choices.map((n) => {
            const checked = value === n;
            return (
              <button
                key={n}
                ref={(el) => {
                  refs.current[n] = el;
                }}
                type="button"
                role="radio"
                aria-checked={checked}
                aria-label={choiceName(n)}
                tabIndex={checked ? 0 : -1}
                className={n === 0 ? `na-button${checked ? ' checked' : ''}` : `star${n <= value ? ' filled' : ''}`}
                onClick={() => choose(n)}
              >
                {n === 0 ? 'N/A' : <span aria-hidden="true">{n <= value ? '★' : '☆'}</span>}
              </button>
            );
          })}
        </div>
        <span className={`rating-current${value === 0 ? ' muted' : ''}`} data-testid={`${id}-current`}>
          {scoreLabels[value] ?? scoreLabels[0]}
        </span>
      </div>
    </div>
  );
}
