import { useState } from 'react';
import { Alert, Button, Descriptions, Input, Modal, Tag } from 'antd';
import type { PartnerContactView } from '@kainga/contracts';
import { serviceTypeLabels } from '@kainga/contracts/browser';
import { formatDateNZ } from '../../format/format';
import { clientName, contactTabLabels, showsResponseBox, tabOf } from './contact-tabs';

/**
 * A contact's detail (spec 001 §2, §4): the client's message and details; until responded, a
 * response box whose text goes to the client's email. A response that waits on this device to
 * be sent (offline) shows as pending instead of the box.
 */
export function ContactDetailModal({
  contact,
  open,
  waiting,
  online,
  onRespond,
  onClose,
  onClosed,
}: {
  contact: PartnerContactView | null;
  /** False while the dialog closes: antd then gives focus back to the card that opened it. */
  open: boolean;
  /** The queued response's text, when one waits to be sent. */
  waiting: string | null;
  online: boolean;
  onRespond: (contact: PartnerContactView, response: string) => Promise<void>;
  onClose: () => void;
  /** Once the dialog has closed. */
  onClosed: () => void;
}) {
  const [response, setResponse] = useState('');
  const [sending, setSending] = useState(false);
  const close = () => {
    setResponse('');
    onClose();
  };
  if (!contact) return null;
  const tab = tabOf(contact.contactStatus);
  const items = [
    { key: 'from', label: 'From', children: clientName(contact) },
    { key: 'email', label: 'Email', children: <a href={`mailto:${contact.contactEmail}`}>{contact.contactEmail}</a> },
    ...(contact.contactPhone ? [{ key: 'phone', label: 'Phone', children: <a href={`tel:${contact.contactPhone}`}>{contact.contactPhone}</a> }] : []),
    { key: 'service', label: 'Service', children: serviceTypeLabels[contact.serviceType] },
    ...(contact.property ? [{ key: 'property', label: 'Property', children: contact.property.address }] : []),
    { key: 'received', label: 'Received', children: formatDateNZ(contact.createdAt) },
  ];
  const send = async () => {
    setSending(true);
    try {
      await onRespond(contact, response);
      setResponse('');
    } finally {
      setSending(false);
    }
  };

  return (
    <Modal open={open} title={`Message from ${clientName(contact)}`} onCancel={close} afterClose={onClosed} footer={null} destroyOnHidden>
      <Tag>{contactTabLabels[tab]}</Tag>
      <Descriptions column={1} size="small" items={items} className="contact-detail-facts" />
      <h3 className="contact-detail-heading">Message</h3>
      <p className="contact-message">{contact.message}</p>
      {contact.partnerResponse && (
        <>
          <h3 className="contact-detail-heading">Your response</h3>
          <p className="contact-message">{contact.partnerResponse}</p>
        </>
      )}
      {waiting !== null && (
        <Alert
          type="warning"
          showIcon
          title={online ? 'Waiting to send — it will be sent shortly' : 'Waiting to send — you are offline'}
          description={<span className="contact-message">{waiting}</span>}
        />
      )}
      {showsResponseBox(contact, waiting !== null) && (
        <div>
          <h3 className="contact-detail-heading">
            <label htmlFor="partner-response">Your response</label>
          </h3>
          <Input.TextArea id="partner-response" rows={5} maxLength={5000} value={response} onChange={(e) => setResponse(e.target.value)} />
          <p className="muted small">This response will be sent directly to the client's email address.</p>
          {!online && <p className="muted small">You are offline: the response will wait on this device and be sent once when you are back online.</p>}
          <Button type="primary" onClick={() => void send()} disabled={response.trim() === ''} loading={sending}>
            Send Response
          </Button>
        </div>
      )}
    </Modal>
  );
}
