import { Button, Checkbox, Input, Radio, Select } from 'antd';
import { useId, useState } from 'react';
import { humanizeEventType, knownEventTypes } from './event-summaries';
import { draftOf, emptyDraft, filtersOfDraft, type FilterDraft } from './history-filters';
import type { HistoryFilters, HistoryOrder } from './history-view';

// Found by any part of the name or of its words ("roles" finds UserRolesChanged).
const typeOptions = [...knownEventTypes].sort().map((t) => ({ value: t, label: t, words: humanizeEventType(t) }));

/**
 * The log's filters: stream (or a kind of stream ending in '-'), event types (several, picked
 * from the known types: a name typed in part picks nothing but narrows the list), actor id or email, correlation id, a time range in
 * New Zealand time (as every date of the app), and the order. Applied together with "Apply filters".
 */
export function HistoryFilterBar({ filters, order, onApply }: { filters: HistoryFilters; order: HistoryOrder; onApply: (filters: HistoryFilters, order: HistoryOrder) => void }) {
  const id = useId();
  const [draft, setDraft] = useState<FilterDraft>(() => draftOf(filters, order));
  const [error, setError] = useState<{ field: 'from' | 'to'; message: string } | null>(null);
  const set = <K extends keyof FilterDraft>(key: K, value: FilterDraft[K]) => {
    setDraft((d) => ({ ...d, [key]: value }));
    if (error && (key === 'from' || key === 'to')) setError(null);
  };
  const apply = (next: FilterDraft) => {
    const result = filtersOfDraft(next);
    if (!result.ok) {
      setError({ field: result.field, message: result.message });
      return;
    }
    setError(null);
    onApply(result.filters, result.order);
  };
  const field = (name: string) => `${id}-${name}`;

  return (
    <form
      className="history-filters"
      aria-label="Filter the event history"
      onSubmit={(e) => {
        e.preventDefault();
        apply(draft);
      }}
    >
      <div className="history-field">
        <label htmlFor={field('stream')}>Stream</label>
        <Input id={field('stream')} value={draft.stream} onChange={(e) => set('stream', e.target.value)} placeholder="user-… or partnerApplication-" maxLength={200} allowClear />
      </div>
      <div className="history-field history-field-wide">
        <label htmlFor={field('types')}>Event types</label>
        <Select
          id={field('types')}
          mode="multiple"
          value={draft.types}
          onChange={(types: string[]) => set('types', types)}
          options={typeOptions}
          showSearch={{ optionFilterProp: ['value', 'words'] }}
          notFoundContent="No event type has that in its name"
          placeholder="Any type: type part of a name to choose"
          allowClear
          maxTagCount="responsive"
        />
      </div>
      <div className="history-field">
        <label htmlFor={field('actor')}>Actor</label>
        <Input id={field('actor')} value={draft.actor} onChange={(e) => set('actor', e.target.value)} placeholder="User id or email" maxLength={320} allowClear />
      </div>
      <div className="history-field">
        <label htmlFor={field('correlation')}>Correlation id</label>
        <Input id={field('correlation')} value={draft.correlationId} onChange={(e) => set('correlationId', e.target.value)} maxLength={200} allowClear />
      </div>
      <div className="history-field">
        <label htmlFor={field('from')}>From (NZ time)</label>
        <Input
          id={field('from')}
          type="datetime-local"
          value={draft.from}
          onChange={(e) => set('from', e.target.value)}
          status={error?.field === 'from' ? 'error' : undefined}
          aria-describedby={error?.field === 'from' ? field('error') : undefined}
        />
      </div>
      <div className="history-field">
        <label htmlFor={field('to')}>To (NZ time)</label>
        <Input
          id={field('to')}
          type="datetime-local"
          value={draft.to}
          onChange={(e) => set('to', e.target.value)}
          status={error?.field === 'to' ? 'error' : undefined}
          aria-describedby={error?.field === 'to' ? field('error') : undefined}
        />
      </div>
      <div className="history-field">
        <span id={field('order')} className="history-label">
          Order
        </span>
        <Radio.Group
          aria-labelledby={field('order')}
          optionType="button"
          value={draft.order}
          onChange={(e) => set('order', e.target.value as HistoryOrder)}
          options={[
            { value: 'newest', label: 'Newest first' },
            { value: 'oldest', label: 'Oldest first' },
          ]}
        />
      </div>
      <div className="history-field history-field-views">
        <Checkbox
          checked={draft.showViews}
          onChange={(e) => {
            // Applied at once, as the list's own switch: the other filters as they are typed.
            const next = { ...draft, showViews: e.target.checked };
            setDraft(next);
            apply(next);
          }}
        >
          Show views of the history
        </Checkbox>
      </div>
      {error && (
        <p id={field('error')} className="field-error history-error" role="alert">
          {error.message}
        </p>
      )}
      <div className="history-actions">
        <Button type="primary" htmlType="submit">
          Apply filters
        </Button>
        <Button
          onClick={() => {
            setDraft(emptyDraft);
            apply(emptyDraft);
          }}
        >
          Clear filters
        </Button>
      </div>
    </form>
  );
}
