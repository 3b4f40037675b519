import { useState } from 'react';
import { Link } from 'react-router-dom';
import { Alert, Avatar, Button, Card, Empty, Input, Modal, Select, Skeleton, Tag } from 'antd';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { LocalPartner, Location, RoleRecord } from '@kainga/contracts';
import { countNoun } from '@kainga/contracts/browser';
import { apiErrorMessage, apiJson } from '../../api/client';
import { DemoBadge } from '../../chrome/DemoBadge';
import { useToast } from '../../chrome/ToastProvider';
import { useNetworkRequired } from '../../offline';
import {
  ALL_SERVICES,
  SELECT_PROMPT,
  contactGreeting,
  locationOfCity,
  partnerRoleName,
  partnersUrl,
  preselectedService,
  requestProblem,
  serviceRequestOptions,
  serviceTypeOptions,
} from './professionals-logic';
import './professionals.css';

type Dialog = { kind: 'contact' | 'request'; partner: LocalPartner } | null;

function PartnerItem({ partner, onContact, onRequest }: { partner: LocalPartner; onContact: () => void; onRequest: () => void }) {
  const name = `${partner.user.firstName} ${partner.user.lastName}`.trim();
  const facts = [
    partner.licenseNumber && `Licence ${partner.licenseNumber}`,
    partner.experienceYears !== null && `${countNoun(partner.experienceYears, "year's", "years'")} experience`,
    partner.officeSize !== null && `Office of ${countNoun(partner.officeSize, 'person', 'people')}`,
  ].filter(Boolean);
  return (
    <li className="partner-item">
      <Avatar className="partner-avatar" size={56} src={partner.profileImage ?? partner.user.profileImageUrl ?? undefined} alt="">
        {partner.businessName.slice(0, 1)}
      </Avatar>
      <div className="partner-item-body">
        <h3>
          {partner.businessName} {partner.demo && <DemoBadge />}
        </h3>
        <p className="muted small">
          <Tag>{partnerRoleName(partner)}</Tag>
          {name}
          {partner.locations.length > 0 && ` · ${partner.locations.map((l) => l.cityName).join(', ')}`}
        </p>
        {facts.length > 0 && <p className="small">{facts.join(' · ')}</p>}
        {partner.businessDescription && <p>{partner.businessDescription}</p>}
        {partner.bio && <p className="muted small">{partner.bio}</p>}
        <p className="small">
          <a href={`mailto:${partner.contactEmail}`}>{partner.contactEmail}</a>
          {partner.contactPhone && (
            <>
              {' · '}
              <a href={`tel:${partner.contactPhone}`}>{partner.contactPhone}</a>
            </>
          )}
          {partner.videoLink && (
            <>
              {' · '}
              <a href={partner.videoLink} target="_blank" rel="noopener noreferrer">
                Intro video
              </a>
            </>
          )}
        </p>
        {partner.companyImage && <img className="partner-company-image" src={partner.companyImage} alt={`${partner.businessName}`} loading="lazy" />}
        <div className="partner-item-actions">
          <Button type="primary" onClick={onContact}>
            Contact
          </Button>
          <Button onClick={onRequest}>Request Service</Button>
        </div>
      </div>
    </li>
  );
}

/** The contact dialog (POST /api/partner-contacts) and the service request (POST /api/partner-leads). */
function PartnerDialog({
  dialog,
  cardServiceType,
  place,
  locationId,
  propertyId,
  onClose,
}: {
  dialog: NonNullable<Dialog>;
  cardServiceType: string | null;
  place: { city: string; region: string | null };
  locationId: string;
  propertyId: string;
  onClose: () => void;
}) {
  const { partner, kind } = dialog;
  const [message, setMessage] = useState(kind === 'contact' ? contactGreeting(partner, place) : '');
  const [serviceType, setServiceType] = useState<string | null>(preselectedService(partner, cardServiceType));
  const { toast } = useToast();
  const { ensureOnline } = useNetworkRequired();
  const queryClient = useQueryClient();
  const send = useMutation({
    mutationFn: () =>
      kind === 'contact'
        ? apiJson('POST', '/api/partner-contacts', { partnerId: partner.id, message: message.trim(), propertyId })
        : apiJson('POST', '/api/partner-leads', { partnerId: partner.id, serviceType, requestMessage: message.trim(), propertyLocation: locationId, propertyId }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: ['/api/my-messages'] });
      if (kind === 'contact') toast({ variant: 'success', title: 'Contact Request Sent', description: 'Your message has been sent to the professional. They will contact you soon.' });
      else toast({ variant: 'success', title: 'Service Request Sent!', description: 'The partner has been notified and will contact you shortly.' });
      onClose();
    },
    onError: (error) => {
      if (kind === 'contact') toast({ variant: 'error', title: 'Failed to Send Message', description: apiErrorMessage(error, 'Failed to send contact request') });
      else toast({ variant: 'error', title: 'Request failed', description: apiErrorMessage(error, 'Failed to send service request. Please try again.') });
    },
  });
  const onSend = () => {
    const problem = requestProblem(kind === 'contact' ? 'contact' : serviceType, message);
    if (problem === 'blank') return;
    if (problem) {
      toast({ variant: 'error', title: problem, description: 'Choose what type of service you need before contacting a partner.' });
      return;
    }
    if (ensureOnline('send your message')) send.mutate();
  };
  return (
    <Modal
      open
      title={kind === 'contact' ? `Contact ${partner.businessName}` : `Request a service from ${partner.businessName}`}
      onCancel={onClose}
      destroyOnHidden
      footer={[
        <Button key="cancel" onClick={onClose}>
          Cancel
        </Button>,
        <Button key="send" type="primary" onClick={onSend} disabled={message.trim() === ''} loading={send.isPending}>
          {kind === 'contact' ? 'Send Message' : 'Send Request'}
        </Button>,
      ]}
    >
      {kind === 'request' && (
        <p>
          <label htmlFor="service-request-type">Service type</label>
          <Select
            id="service-request-type"
            style={{ width: '100%' }}
            placeholder="Select a service type"
            value={serviceType ?? undefined}
            onChange={setServiceType}
            options={serviceRequestOptions(partner)}
          />
        </p>
      )}
      <label htmlFor="partner-message">{kind === 'contact' ? 'Message' : 'What do you need?'}</label>
      <Input.TextArea id="partner-message" rows={6} maxLength={5000} value={message} onChange={(e) => setMessage(e.target.value)} />
    </Modal>
  );
}

/**
 * "Local professionals" (consumer spec §2): 'Connect with Local Professionals' — a location
 * (default the property's city) and a service type, the verified partners there, each with a
 * contact dialog and a service request — and 'Professional Services in Your Area'.
 */
export default function LocalProfessionals({ propertyId, city }: { propertyId: string; city: string }) {
  const locations = useQuery<Location[]>({ queryKey: ['/api/locations'] });
  const roles = useQuery<RoleRecord[]>({ queryKey: ['/api/roles'] });
  const [chosenLocation, setChosenLocation] = useState<string | null | undefined>(undefined);
  const [serviceType, setServiceType] = useState<string | null>(null);
  const [dialog, setDialog] = useState<Dialog>(null);
  const propertyLocation = locations.data ? locationOfCity(locations.data, city) : undefined;
  const locationId = chosenLocation === undefined ? (propertyLocation?.id ?? null) : chosenLocation;
  const location = locations.data?.find((l) => l.id === locationId);
  const partners = useQuery({
    queryKey: ['partners-in-location', locationId, serviceType],
    queryFn: ({ signal }) => apiJson<LocalPartner[]>('GET', partnersUrl(locationId!, serviceType!), undefined, signal),
    enabled: !!locationId && !!serviceType,
  });
  const anyPartners = useQuery({
    queryKey: ['partners-in-location', locationId, ALL_SERVICES],
    queryFn: ({ signal }) => apiJson<LocalPartner[]>('GET', partnersUrl(locationId!, ALL_SERVICES), undefined, signal),
    enabled: !!locationId,
  });
  const place = { city, region: propertyLocation?.region ?? null };

  let list;
  if (!locationId || !serviceType) list = <p className="muted">{SELECT_PROMPT}</p>;
  else if (partners.isPending) list = <Skeleton active avatar paragraph={{ rows: 3 }} />;
  else if (partners.isError) list = <Alert type="error" showIcon title="Failed to fetch partners" description={apiErrorMessage(partners.error, 'Please try again.')} />;
  else if (partners.data.length === 0)
    list = <Empty description={<><strong>No Professionals Found</strong><br />No verified professionals offer this service in {location?.cityName ?? 'this location'} yet.</>} />;
  else
    list = (
      <ul className="partner-list">
        {partners.data.map((p) => (
          <PartnerItem key={p.id} partner={p} onContact={() => setDialog({ kind: 'contact', partner: p })} onRequest={() => setDialog({ kind: 'request', partner: p })} />
        ))}
      </ul>
    );

  return (
    <>
      <Card title={<h2 className="card-title">Connect with Local Professionals</h2>} className="local-professionals">
        <div className="professional-filters">
          <label>
            <span>Location</span>
            <Select
              showSearch={{ optionFilterProp: 'label' }}
              style={{ width: '100%' }}
              placeholder="Select a location"
              loading={locations.isPending}
              value={locationId ?? undefined}
              onChange={(v: string) => setChosenLocation(v)}
              options={(locations.data ?? []).map((l) => ({ value: l.id, label: `${l.cityName}, ${l.region}` }))}
            />
          </label>
          <label>
            <span>Service type</span>
            <Select
              style={{ width: '100%' }}
              placeholder="Select a service type"
              loading={roles.isPending}
              value={serviceType ?? undefined}
              onChange={(v: string) => setServiceType(v)}
              options={[{ value: ALL_SERVICES, label: 'All Services' }, ...serviceTypeOptions(roles.data ?? [])]}
            />
          </label>
        </div>
        {list}
      </Card>
      <Card title={<h2 className="card-title">Professional Services in Your Area</h2>} className="local-professionals">
        {!locationId ? (
          <p className="muted">{SELECT_PROMPT}</p>
        ) : anyPartners.isPending ? (
          <Skeleton active paragraph={{ rows: 2 }} />
        ) : anyPartners.isError ? (
          <Alert type="error" showIcon title="Failed to fetch partners" />
        ) : anyPartners.data.length === 0 ? (
          <div>
            <p>
              <strong>No Partners Available</strong>
            </p>
            <p className="muted">No verified professionals serve {location?.cityName ?? 'this area'} yet. Are you one?</p>
            <Link to="/partner-benefits" className="button-link primary">
              Become a Partner
            </Link>
          </div>
        ) : (
          <ul className="service-counts">
            {serviceTypeOptions(roles.data ?? []).map((o) => (
              <li key={o.value}>
                {o.label}: {anyPartners.data.filter((p) => p.roleId === o.value).length}
              </li>
            ))}
          </ul>
        )}
      </Card>
      {dialog && locationId && (
        <PartnerDialog
          key={`${dialog.kind}:${dialog.partner.id}`}
          dialog={dialog}
          cardServiceType={serviceType}
          place={place}
          locationId={locationId}
          propertyId={propertyId}
          onClose={() => setDialog(null)}
        />
      )}
    </>
  );
}
