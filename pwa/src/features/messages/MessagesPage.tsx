import { Alert, Card, Descriptions, Empty, Skeleton, Tag } from 'antd';
import { useQuery } from '@tanstack/react-query';
import type { MyMessageView } from '@kainga/contracts';
import { serviceTypeLabels } from '@kainga/contracts/browser';
import { useUser } from '../../auth/user';
import { SignInRequired } from '../../chrome/SignInRequired';
import { usePageTitle } from '../../chrome/usePageTitle';
import { formatDateNZ } from '../../format/format';
import { EMPTY_MESSAGES_TEXT, MESSAGES_ERROR_TEXT, leadStatusBadge, newestFirst } from './message-text';
import './messages.css';

export const MY_MESSAGES_PATH = '/api/my-messages';

function MessageCard({ message }: { message: MyMessageView }) {
  const badge = leadStatusBadge(message.leadStatus);
  const contact = [
    { key: 'name', label: 'Name', children: message.contactName },
    { key: 'email', label: 'Email', children: message.contactEmail },
    { key: 'phone', label: 'Phone', children: message.contactPhone ?? '—' },
  ];
  return (
    <li>
      <Card
        title={
          <span className="message-title">
            <span>{message.partner.businessName}</span>
            <Tag>{serviceTypeLabels[message.serviceType]}</Tag>
            <Tag color={badge.color}>{badge.label}</Tag>
          </span>
        }
        extra={<span className="muted small">Last updated {formatDateNZ(message.updatedAt)}</span>}
      >
        <h3>Your request</h3>
        <p className="message-text">{message.requestMessage}</p>
        <h3>Response</h3>
        {message.partnerResponse ? <p className="message-text">{message.partnerResponse}</p> : <p className="muted">No response yet.</p>}
        <h3>Contact details</h3>
        <Descriptions column={{ xs: 1, sm: 3 }} size="small" items={contact} />
      </Card>
    </li>
  );
}

function MessageList() {
  const messages = useQuery<MyMessageView[]>({ queryKey: [MY_MESSAGES_PATH] });
  if (messages.isPending) {
    return (
      <div aria-busy="true" aria-label="Loading messages">
        {[0, 1, 2].map((i) => (
          <Card key={i} style={{ marginBottom: 16 }}>
            <Skeleton active paragraph={{ rows: 4 }} />
          </Card>
        ))}
      </div>
    );
  }
  if (messages.isError) return <Alert type="error" showIcon title={MESSAGES_ERROR_TEXT} />;
  if (messages.data.length === 0) return <Empty description={EMPTY_MESSAGES_TEXT} />;
  return (
    <ul className="message-list">
      {newestFirst(messages.data).map((m) => (
        <MessageCard key={m.id} message={m} />
      ))}
    </ul>
  );
}

/** /messages (spec 001 §2): the signed-in user's requests to partners and their responses. */
export default function MessagesPage() {
  usePageTitle('Messages');
  const { user, isLoading } = useUser();
  if (isLoading) {
    return (
      <section className="container page" aria-busy="true" aria-label="Loading messages">
        <Skeleton active title paragraph={{ rows: 6 }} />
      </section>
    );
  }
  if (!user) return <SignInRequired returnTo="/messages" what="read your messages" />;
  return (
    <section className="container page" aria-labelledby="messages-title">
      <h1 id="messages-title">Messages</h1>
      <p className="muted">Your requests to local professionals and their responses.</p>
      <MessageList />
    </section>
  );
}
