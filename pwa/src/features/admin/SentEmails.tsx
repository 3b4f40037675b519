import { Alert, Button, Collapse, Modal, Skeleton } from 'antd';
import { useState } from 'react';
import type { OutboxEmailView } from '@kainga/contracts';
import { apiErrorMessage } from '../../api/client';
import { formatDateTimeNZ } from '../../format/format';
import { useAdminOutbox, OUTBOX_PAGE_SIZE } from './outbox-queries';
import { ResponsiveTable, type StackedColumn } from './ResponsiveTable';


/** The list itself, fetched only once the section is opened (it mounts then). */
function SentEmailList() {
  const [page, setPage] = useState(1);
  const [open, setOpen] = useState<OutboxEmailView | null>(null);
  const outbox = useAdminOutbox(page);

  if (outbox.isPending) return <Skeleton active title={false} paragraph={{ rows: 5 }} aria-busy="true" aria-label="Loading sent emails" />;
  if (outbox.isError) return <Alert type="error" showIcon title="Could not load the sent emails." description={apiErrorMessage(outbox.error, 'Please try again.')} />;
  const { delivery, total, messages } = outbox.data;
  if (delivery === 'smtp') return <p className="muted">Email is sent through the SMTP server (SMTP_URL); no copies are kept here.</p>;

  const columns: StackedColumn<OutboxEmailView>[] = [
    { key: 'subject', title: 'Subject', stacked: 'heading', render: (_, m) => <Button type="link" className="admin-email-subject" onClick={() => setOpen(m)}>{m.subject || '(no subject)'}</Button> },
    { key: 'to', title: 'Recipient', dataIndex: 'to' },
    { key: 'date', title: 'Date', render: (_, m) => formatDateTimeNZ(m.date) },
  ];
  return (
    <>
      <ResponsiveTable<OutboxEmailView>
        aria-label="Sent emails"
        size="small"
        rowKey="id"
        columns={columns}
        dataSource={messages}
        loading={outbox.isPlaceholderData}
        locale={{ emptyText: 'No emails have been sent yet.' }}
        pagination={total > OUTBOX_PAGE_SIZE ? { current: page, pageSize: OUTBOX_PAGE_SIZE, total, onChange: setPage, showSizeChanger: false } : false}
      />
      <Modal open={open !== null} title={open?.subject} onCancel={() => setOpen(null)} footer={null} width={640}>
        {open && (
          <>
            <p className="muted">
              To {open.to} · {formatDateTimeNZ(open.date)}
            </p>
            <pre className="admin-email-text">{open.text}</pre>
          </>
        )}
      </Modal>
    </>
  );
}

/**
 * Sent Emails (DESIGN.md: in the embedded run, email is written to an outbox in DATA_DIR,
 * visible to admins): collapsed until opened, newest first, each email's text in a dialog.
 */
export function SentEmails() {
  return (
    <Collapse
      className="admin-section"
      items={[{ key: 'outbox', label: <h2 className="card-title">Sent Emails</h2>, children: <SentEmailList /> }]}
    />
  );
}
