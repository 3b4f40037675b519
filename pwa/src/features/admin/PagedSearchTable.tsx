import { Alert, Input, Skeleton } from 'antd';
import type { UseQueryResult } from '@tanstack/react-query';
import { apiErrorMessage } from '../../api/client';
import type { ListPage, ListParams } from './admin-list';
import { ResponsiveTable, type StackedColumn } from './ResponsiveTable';

/** What an admin list calls its items: "user"/"users", "property"/"properties". */
export interface ItemNoun {
  one: string;
  many: string;
}

/**
 * One admin list: a search box, a skeleton while the first page loads, an error that says what
 * failed, then the server's page in a table whose pagination follows the server's total (the page
 * shown stays while the next one loads); on a phone, a card a row (ResponsiveTable).
 */
export function PagedSearchTable<T extends { id: string }>(props: {
  noun: ItemNoun;
  searchHint: string;
  query: UseQueryResult<ListPage<T>>;
  params: ListParams;
  columns: StackedColumn<T>[];
  onSearch: (search: string) => void;
  onPage: (page: number) => void;
  /** Say how many there are beside the pages ("1,204 users"). */
  showTotal?: boolean;
}) {
  const { noun, searchHint, query, params, columns, onSearch, onPage, showTotal } = props;
  return (
    <>
      <Input.Search
        className="admin-search"
        placeholder={`Search by ${searchHint}`}
        aria-label={`Search ${noun.many} by ${searchHint}`}
        allowClear
        maxLength={100}
        onSearch={onSearch}
      />
      {query.isPending ? (
        <div aria-busy="true" aria-label={`Loading ${noun.many}`}>
          <Skeleton active title={false} paragraph={{ rows: 8 }} />
        </div>
      ) : query.isError && !query.data ? (
        <Alert type="error" showIcon message={`Could not load the ${noun.many}.`} description={apiErrorMessage(query.error, 'Please try again.')} />
      ) : (
        <ResponsiveTable<T>
          aria-label={noun.many[0]!.toUpperCase() + noun.many.slice(1)}
          rowKey="id"
          size="middle"
          columns={columns}
          dataSource={query.data.items}
          loading={query.isPlaceholderData}
          scroll={{ x: true }}
          locale={{ emptyText: params.search ? `No ${noun.many} match "${params.search}".` : `No ${noun.many} yet.` }}
          pagination={{
            current: params.page,
            pageSize: params.pageSize,
            total: query.data.total,
            showSizeChanger: false,
            hideOnSinglePage: true,
            showTotal: showTotal ? (total) => `${total.toLocaleString('en-NZ')} ${total === 1 ? noun.one : noun.many}` : undefined,
            onChange: onPage,
          }}
        />
      )}
    </>
  );
}
