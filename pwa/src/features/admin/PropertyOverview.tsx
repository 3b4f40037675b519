import { Alert, Card, Input, Skeleton, Table } from 'antd';
import type { TableColumnsType } from 'antd';
import type { AdminProperty } from '@kainga/contracts';
import { apiErrorMessage } from '../../api/client';
import { formatArea, formatDateNZ, formatNZD } from '../../format/format';
import { moreText, PROPERTIES_PAGE_SIZE } from './admin-list';
import { useAdminProperties } from './admin-queries';
import { useListState } from './useListState';

const count = (n: number | null) => (n === null ? '—' : String(n));

const columns: TableColumnsType<AdminProperty> = [
  { key: 'address', title: 'Address', dataIndex: 'address' },
  { key: 'suburb', title: 'Suburb', dataIndex: 'suburb' },
  { key: 'city', title: 'City', dataIndex: 'city' },
  { key: 'bedrooms', title: 'Bedrooms', align: 'right', render: (_, p) => count(p.bedrooms) },
  { key: 'bathrooms', title: 'Bathrooms', align: 'right', render: (_, p) => count(p.bathrooms) },
  { key: 'floorArea', title: 'Floor area', align: 'right', render: (_, p) => formatArea(p.floorArea) },
  { key: 'createdAt', title: 'Added', render: (_, p) => formatDateNZ(p.createdAt) },
  { key: 'rateableValue', title: 'Rateable value', align: 'right', render: (_, p) => formatNZD(p.rateableValue) },
];

/**
 * Property Overview (partner/admin spec "/admin"): the newest 10 properties and 'And N more
 * properties...', then the next 10 a page at a time from the server, searchable by address,
 * suburb or city.
 */
export function PropertyOverview() {
  const { params, setPage, setSearch } = useListState(PROPERTIES_PAGE_SIZE);
  const properties = useAdminProperties(params);
  const more = properties.data ? moreText(properties.data.total, params) : null;

  return (
    <Card title={<h2 className="card-title">Property Overview</h2>} className="admin-section">
      <Input.Search
        className="admin-search"
        placeholder="Search by address, suburb or city"
        aria-label="Search properties by address, suburb or city"
        allowClear
        maxLength={100}
        onSearch={setSearch}
      />
      {properties.isPending ? (
        <div aria-busy="true" aria-label="Loading properties">
          <Skeleton active title={false} paragraph={{ rows: 8 }} />
        </div>
      ) : properties.isError && !properties.data ? (
        <Alert type="error" showIcon message="Could not load the properties." description={apiErrorMessage(properties.error, 'Please try again.')} />
      ) : (
        <>
          <Table<AdminProperty>
            rowKey="id"
            size="middle"
            columns={columns}
            dataSource={properties.data.items}
            loading={properties.isPlaceholderData}
            scroll={{ x: true }}
            locale={{ emptyText: params.search ? `No properties match "${params.search}".` : 'No properties yet.' }}
            pagination={{
              current: params.page,
              pageSize: params.pageSize,
              total: properties.data.total,
              showSizeChanger: false,
              hideOnSinglePage: true,
              onChange: setPage,
            }}
          />
          {more && <p className="muted admin-more">{more}</p>}
        </>
      )}
    </Card>
  );
}
