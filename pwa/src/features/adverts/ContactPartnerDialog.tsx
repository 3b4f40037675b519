import { useId, useState } from 'react';
import { Button, Input, Modal } from 'antd';
import { useMutation } from '@tanstack/react-query';
import type { ActiveAd } from '@kainga/contracts';
import { apiJson } from '../../api/client';
import { useUser } from '../../auth/user';
import { useToast } from '../../chrome/ToastProvider';
import { useNetworkRequired } from '../../offline';
import { FAILED_TEXT, FAILED_TITLE, MISSING_TEXT, MISSING_TITLE, SENT_TITLE, contactBody, contactFormWith, missingRequired, sentText, type ContactForm } from './contact-form';
import { videoEmbed } from './video-embed';

export type ContactPartner = Pick<ActiveAd, 'partnerId' | 'partnerName' | 'businessName' | 'bio' | 'videoLink'>;

function IntroVideo({ link, businessName }: { link: string | null; businessName: string }) {
  const video = videoEmbed(link);
  if (!video) return null;
  const title = `${businessName} introduction video`;
  return (
    <div className="ad-video">
      {video.kind === 'iframe' ? (
        <iframe
          src={video.src}
          title={title}
          loading="lazy"
          allow="accelerometer; encrypted-media; gyroscope; picture-in-picture; fullscreen"
          allowFullScreen
          referrerPolicy="strict-origin-when-cross-origin"
        />
      ) : (
        <video src={video.src} controls preload="metadata" aria-label={title}>
          <a href={video.src} target="_blank" rel="noopener noreferrer">
            Open the video
          </a>
        </video>
      )}
    </div>
  );
}

/**
 * The contact-partner dialog of a premium advert (consumer spec §2, §6): 'Contact' and the
 * partner's name, the business, an optional bio and intro video, and a form — name, email and
 * message required, phone optional — sent to POST /api/partners/{id}/contact (anyone may send).
 * A signed-in sender finds their name and email filled in, and may change them.
 */
export function ContactPartnerDialog({ partner, onClose }: { partner: ContactPartner; onClose: () => void }) {
  const id = useId();
  const { user } = useUser();
  // Only what was typed is state: the signed-in user's name and email show beneath it, even if the user loads late.
  const [typed, setTyped] = useState<Partial<ContactForm>>({});
  const form = contactFormWith(user, typed);
  const set = (key: keyof ContactForm) => (e: { target: { value: string } }) => setTyped((t) => ({ ...t, [key]: e.target.value }));
  const { toast } = useToast();
  const { ensureOnline } = useNetworkRequired();
  const send = useMutation({
    mutationFn: (body: ReturnType<typeof contactBody>) => apiJson('POST', `/api/partners/${encodeURIComponent(partner.partnerId)}/contact`, body),
    onSuccess: () => {
      toast({ variant: 'success', title: SENT_TITLE, description: sentText(partner.partnerName) });
      setTyped({});
      onClose();
    },
    onError: () => toast({ variant: 'error', title: FAILED_TITLE, description: FAILED_TEXT }),
  });

  const onSend = () => {
    if (missingRequired(form)) {
      toast({ variant: 'error', title: MISSING_TITLE, description: MISSING_TEXT });
      return;
    }
    if (ensureOnline('send your message')) send.mutate(contactBody(form));
  };

  return (
    <Modal
      open
      title={`Contact ${partner.partnerName}`}
      onCancel={onClose}
      destroyOnHidden
      footer={[
        <Button key="cancel" onClick={onClose}>
          Cancel
        </Button>,
        <Button key="send" type="primary" onClick={onSend} loading={send.isPending}>
          Send Message
        </Button>,
      ]}
    >
      <div className="ad-contact">
        <p className="ad-contact-business">{partner.businessName}</p>
        {partner.bio && <p className="muted">{partner.bio}</p>}
        <IntroVideo link={partner.videoLink} businessName={partner.businessName} />
        <form
          className="ad-contact-form"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            onSend();
          }}
        >
          <label htmlFor={`${id}-name`}>Name *</label>
          <Input id={`${id}-name`} autoComplete="name" maxLength={200} value={form.name} onChange={set('name')} />
          <label htmlFor={`${id}-email`}>Email *</label>
          <Input id={`${id}-email`} type="email" autoComplete="email" maxLength={254} value={form.email} onChange={set('email')} />
          <label htmlFor={`${id}-phone`}>Phone (optional)</label>
          <Input id={`${id}-phone`} type="tel" autoComplete="tel" maxLength={40} value={form.phone} onChange={set('phone')} />
          <label htmlFor={`${id}-message`}>Message *</label>
          <Input.TextArea id={`${id}-message`} rows={5} maxLength={5000} value={form.message} onChange={set('message')} />
        </form>
      </div>
    </Modal>
  );
}
