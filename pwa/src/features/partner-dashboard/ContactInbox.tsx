import { lazy, Suspense, useState } from 'react';
import { Alert, Card, Empty, Skeleton, Tabs, Tag } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useSearchParams } from 'react-router-dom';
import type { PartnerContactView } from '@kainga/contracts';
import { serviceTypeLabels, type PartnerRoleName } from '@kainga/contracts/browser';
import { apiErrorMessage } from '../../api/client';
import { DemoBadge } from '../../chrome/DemoBadge';
import { useToast } from '../../chrome/ToastProvider';
import { formatDateNZ } from '../../format/format';
import { isNetworkError } from '../../offline/network-required';
import { isOnline, useOnline } from '../../offline/online-status';
import { ContactDetailModal } from './ContactDetailModal';
import { clientName, contactTabs, contactsInTab, markedRead, needsMarkRead, tabCounts, tabFromAddress, tabTitle, type ContactTab } from './contact-tabs';
import type { WithDeviceCopy } from './device-copy';
import { markContactRead } from './partner-api';
import { contactsKey, statsKey, useResponseOutbox } from './partner-queries';

function ContactCard({ contact, waiting, online, onOpen }: { contact: PartnerContactView; waiting: boolean; online: boolean; onOpen: () => void }) {
  return (
    <li>
      <Card className="contact-card" hoverable onClick={onOpen} role="button" tabIndex={0} onKeyDown={(e) => (e.key === 'Enter' || e.key === ' ') && (e.preventDefault(), onOpen())}>
        <div className="contact-card-head">
          <strong>
            {clientName(contact)} {contact.demo && <DemoBadge />}
          </strong>
          <span className="muted small">{formatDateNZ(contact.createdAt)}</span>
        </div>
        <div>
          <Tag>{serviceTypeLabels[contact.serviceType]}</Tag>
          {contact.property && <span className="muted small">{contact.property.address}</span>}
        </div>
        <p className="contact-card-message">{contact.message}</p>
        {waiting && <p className="pending-send small">{online ? 'Waiting to send — it will be sent shortly' : 'Waiting to send — you are offline'}</p>}
      </Card>
    </li>
  );
}

/** Loaded when the tab first opens (antd renders a tab's content only then). */
const AdvertisingTab = lazy(() => import('./advertising/AdvertisingTab'));
const BillingTab = lazy(() => import('./billing/BillingTab'));

const emptyText: Record<ContactTab, string> = {
  new: 'No new messages.',
  read: 'No read messages waiting for a response.',
  responded: 'No responded messages yet.',
};

/**
 * The tabs New (n), Read (n), Responded (n), Advertising and Billing (spec 001 §2) with the
 * contact cards; opening a 'sent' contact marks it read (PATCH …/read?role=).
 */
export function ContactInbox({
  userId,
  role,
  contacts,
  readOnly,
}: {
  userId: string;
  role: PartnerRoleName;
  contacts: { data: WithDeviceCopy<PartnerContactView[]> | undefined; isPending: boolean; error: unknown };
  /** Offline after a reload (saved data only): nothing is marked read. */
  readOnly: boolean;
}) {
  // The contact in the dialog. Closing first sets `open` false and drops the contact only once the
  // dialog has closed: a dialog that vanished at once would leave focus on the page, not on its card.
  const [dialog, setDialog] = useState<{ id: string; open: boolean } | null>(null);
  // The tab the address names, once: later changes of the address (dropping the payment's return) leave the tab alone.
  const [params] = useSearchParams();
  const [firstTab] = useState(() => tabFromAddress(params.get('tab')));
  const queryClient = useQueryClient();
  const { toast } = useToast();
  const online = useOnline();
  const { queued, respond } = useResponseOutbox(userId);
  const list = contacts.data?.value ?? [];
  const waitingFor = (id: string) => queued.find((q) => q.leadId === id && q.role === role) ?? null;
  const counts = tabCounts(list);
  const shown = dialog ? (list.find((c) => c.id === dialog.id) ?? null) : null;

  const onOpen = (contact: PartnerContactView) => {
    setDialog({ id: contact.id, open: true });
    // Offline the contact stays 'sent' and is marked read when opened online.
    if (!needsMarkRead(contact) || readOnly || !isOnline()) return;
    markContactRead(contact.id, role).then(
      () => {
        queryClient.setQueryData<WithDeviceCopy<PartnerContactView[]>>(contactsKey(userId, role), (old) => (old ? { ...old, value: markedRead(old.value, contact.id) } : old));
        void queryClient.invalidateQueries({ queryKey: contactsKey(userId, role) });
        // 'New Messages' counts unread requests: it changes with the tabs.
        void queryClient.invalidateQueries({ queryKey: statsKey(userId, role) });
      },
      (error: unknown) => {
        if (!isNetworkError(error)) toast({ variant: 'error', title: 'Error', description: 'Failed to mark contact as read.' });
      },
    );
  };

  const tabBody = (tab: ContactTab) => {
    if (contacts.isPending) {
      return (
        <div aria-busy="true" aria-label="Loading messages">
          {[0, 1, 2].map((i) => (
            <Card key={i} style={{ marginBottom: 12 }}>
              <Skeleton active title paragraph={{ rows: 2 }} />
            </Card>
          ))}
        </div>
      );
    }
    if (contacts.error) return <Alert type="error" showIcon title="Could not load your messages." description={apiErrorMessage(contacts.error, 'Please try again.')} />;
    const items = contactsInTab(list, tab);
    if (items.length === 0) return <Empty description={emptyText[tab]} />;
    return (
      <ul className="contact-list">
        {items.map((c) => (
          <ContactCard key={c.id} contact={c} waiting={waitingFor(c.id) !== null} online={online} onOpen={() => onOpen(c)} />
        ))}
      </ul>
    );
  };

  const items = [
    ...contactTabs.map((tab) => ({ key: tab, label: tabTitle(tab, counts[tab]), children: tabBody(tab) })),
    {
      key: 'advertising',
      label: 'Advertising',
      children: (
        <Suspense fallback={<Skeleton active title paragraph={{ rows: 6 }} />}>
          <AdvertisingTab userId={userId} role={role} />
        </Suspense>
      ),
    },
    {
      key: 'billing',
      label: 'Billing',
      children: (
        <Suspense fallback={<Skeleton active title paragraph={{ rows: 6 }} />}>
          <BillingTab userId={userId} role={role} />
        </Suspense>
      ),
    },
  ];

  return (
    <>
      <Tabs className="contact-inbox-tabs" items={items} defaultActiveKey={firstTab} />
      <ContactDetailModal
        key={shown?.id ?? 'none'}
        contact={shown}
        open={dialog?.open ?? false}
        waiting={shown ? (waitingFor(shown.id)?.response ?? null) : null}
        online={online}
        onClose={() => setDialog((d) => d && { ...d, open: false })}
        onClosed={() => {
          setDialog((d) => (d?.open ? d : null));
          // A new contact, once opened, moves to Read: its card is gone, so focus goes to the open tab.
          if (!document.activeElement || document.activeElement === document.body) {
            document.querySelector<HTMLElement>('.contact-inbox-tabs [role="tab"][aria-selected="true"]')?.focus();
          }
        }}
        onRespond={async (contact, response) => {
          await respond(contact.id, role, response);
        }}
      />
    </>
  );
}
