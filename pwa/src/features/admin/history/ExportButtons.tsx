import { Button, Space } from 'antd';
import type { ReactNode } from 'react';
import { auditExportUrl } from './audit-urls';
import type { HistoryFilters, HistoryOrder } from './history-view';

/**
 * The view shown, as a file: plain download links to GET /api/admin/events/export, so the
 * browser saves what the server streams (nothing is built in the page's memory). `children`:
 * the view's other actions, in the same row.
 */
export function ExportButtons({ filters, order, children }: { filters: HistoryFilters; order: HistoryOrder; children?: ReactNode }) {
  return (
    <Space wrap className="history-export">
      {children}
      <Button href={auditExportUrl(filters, order, 'csv')} download>
        Export CSV
      </Button>
      <Button href={auditExportUrl(filters, order, 'ndjson')} download>
        Export NDJSON
      </Button>
    </Space>
  );
}
