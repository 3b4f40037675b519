import { Card, Space } from 'antd';
import type { AdminProperty } from '@kainga/contracts';
import { formatArea, formatDateNZ, formatNZD } from '../../format/format';
import { moreText, PROPERTIES_PAGE_SIZE } from './admin-list';
import { useAdminProperties } from './admin-queries';
import { PagedSearchTable } from './PagedSearchTable';
import type { StackedColumn } from './ResponsiveTable';
import { HistoryLink } from './history/HistoryLink';
import { propertyStream, valuationStream } from './history/history-streams';
import { useListState } from './useListState';

const count = (n: number | null) => (n === null ? '—' : String(n));

const columns: StackedColumn<AdminProperty>[] = [
  { key: 'address', title: 'Address', dataIndex: 'address', stacked: 'heading' },
  { key: 'suburb', title: 'Suburb', dataIndex: 'suburb' },
  { key: 'city', title: 'City', dataIndex: 'city' },
  { key: 'bedrooms', title: 'Bedrooms', align: 'right', render: (_, p) => count(p.bedrooms) },
  { key: 'bathrooms', title: 'Bathrooms', align: 'right', render: (_, p) => count(p.bathrooms) },
  { key: 'floorArea', title: 'Floor area', align: 'right', render: (_, p) => formatArea(p.floorArea) },
  { key: 'createdAt', title: 'Added', render: (_, p) => formatDateNZ(p.createdAt) },
  { key: 'rateableValue', title: 'Rateable value', align: 'right', render: (_, p) => formatNZD(p.rateableValue) },
  { key: 'valuations', title: 'Valuations', align: 'right', render: (_, p) => String(p.valuations) },
  {
    key: 'history',
    title: <span className="visually-hidden">History</span>,
    stacked: 'actions',
    render: (_, p) => (
      <Space size="middle">
        <HistoryLink stream={propertyStream(p.id)} name={p.address} />
        {p.latestValuationId && <HistoryLink stream={valuationStream(p.latestValuationId)} name={p.address} text="Latest valuation" />}
      </Space>
    ),
  },
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
      <PagedSearchTable<AdminProperty>
        noun={{ one: 'property', many: 'properties' }}
        searchHint="address, suburb or city"
        query={properties}
        params={params}
        columns={columns}
        onSearch={setSearch}
        onPage={setPage}
      />
      {more && <p className="muted admin-more">{more}</p>}
    </Card>
  );
}
