import { Pagination, Spin, Table } from 'antd';
import type { TableColumnType, TableProps } from 'antd';
import { useState, useSyncExternalStore, type Key, type ReactNode } from 'react';

/** Widths at which a table's columns no longer fit: each row becomes a card of label–value lines. */
export const STACKED_TABLE_QUERY = '(max-width: 640px)';

/**
 * A column of a responsive table. `stacked` says where the cell goes on a phone: 'heading' (the
 * row's name, first and bold), 'actions' (its buttons, last, without a label), or, by default, a
 * line with the column's title as its label.
 */
export type StackedColumn<T> = TableColumnType<T> & { stacked?: 'heading' | 'actions' };

function subscribe(onChange: () => void) {
  const query = window.matchMedia(STACKED_TABLE_QUERY);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}
const isNarrow = () => window.matchMedia(STACKED_TABLE_QUERY).matches;

/** Whether the screen is phone-narrow (follows rotation and resizing). */
export const useNarrowScreen = () => useSyncExternalStore(subscribe, isNarrow, () => false);

function cellOf<T>(column: StackedColumn<T>, record: T, index: number): ReactNode {
  const field = column.dataIndex;
  const value = typeof field === 'string' || typeof field === 'number' ? (record as Record<string, unknown>)[field] : undefined;
  return column.render ? (column.render(value, record, index) as ReactNode) : (value as ReactNode);
}

/**
 * antd writes a table's empty text in its disabled-text grey (1.83:1 on white, under WCAG's 4.5:1):
 * the text goes in the app's muted colour instead, as the phone's list shows it.
 */
function readableEmptyText(locale: TableProps<object>['locale']): TableProps<object>['locale'] {
  const text = locale?.emptyText;
  if (text === undefined || typeof text === 'function') return locale;
  return { ...locale, emptyText: <span className="muted">{text}</span> };
}

/**
 * The admin's tables (issue 49): a table where its columns fit, and on a phone a list of cards
 * (one a row: its name, its fields as label and value, its actions last), so nothing scrolls
 * sideways and every action stays in reach. Same columns, data, pagination and empty text.
 */
export function ResponsiveTable<T extends object>(props: Omit<TableProps<T>, 'columns'> & { columns: StackedColumn<T>[]; 'aria-label'?: string }) {
  const narrow = useNarrowScreen();
  const [localPage, setLocalPage] = useState(1);
  if (!narrow) return <Table<T> {...props} locale={readableEmptyText(props.locale)} />;

  const { columns, dataSource = [], rowKey, pagination, loading, locale } = props;
  const keyOf = (record: T, index: number): Key =>
    typeof rowKey === 'function' ? rowKey(record, index) : ((record as Record<string, unknown>)[String(rowKey ?? 'key')] as Key);
  // A server-paged list gives `total` and `current`; otherwise the pages are cut here.
  const paged = pagination !== false && pagination !== undefined;
  const serverPaged = paged && pagination.total !== undefined;
  const pageSize = paged ? (pagination.pageSize ?? 10) : dataSource.length;
  const current = paged ? (serverPaged ? (pagination.current ?? 1) : localPage) : 1;
  const shown = paged && !serverPaged ? dataSource.slice((current - 1) * pageSize, current * pageSize) : dataSource;
  const total = serverPaged ? pagination.total! : dataSource.length;
  const heading = columns.find((c) => c.stacked === 'heading');
  const fields = columns.filter((c) => !c.stacked);
  const actions = columns.filter((c) => c.stacked === 'actions');
  const spinning = typeof loading === 'object' ? !!loading.spinning : !!loading;

  return (
    <Spin spinning={spinning}>
      {shown.length === 0 ? (
        <p className="muted">{locale?.emptyText as ReactNode}</p>
      ) : (
        <ul className="stacked-rows" aria-label={props['aria-label']}>
          {shown.map((record, i) => (
            <li key={keyOf(record, i)} className="stacked-row">
              {heading && <div className="stacked-heading">{cellOf(heading, record, i)}</div>}
              <dl className="stacked-fields">
                {fields.map((c, ci) => (
                  <div key={String(c.key ?? ci)} className="stacked-field">
                    <dt>{c.title as ReactNode}</dt>
                    <dd>{cellOf(c, record, i)}</dd>
                  </div>
                ))}
              </dl>
              {actions.length > 0 && (
                <div className="stacked-actions">
                  {actions.map((c, ci) => (
                    <div key={String(c.key ?? ci)}>{cellOf(c, record, i)}</div>
                  ))}
                </div>
              )}
            </li>
          ))}
        </ul>
      )}
      {paged && !(pagination.hideOnSinglePage && total <= pageSize) && total > 0 && (
        <Pagination
          className="stacked-pagination"
          size="small"
          current={current}
          pageSize={pageSize}
          total={total}
          showSizeChanger={false}
          showTotal={pagination.showTotal}
          onChange={(page, size) => {
            if (!serverPaged) setLocalPage(page);
            pagination.onChange?.(page, size);
          }}
        />
      )}
    </Spin>
  );
}
