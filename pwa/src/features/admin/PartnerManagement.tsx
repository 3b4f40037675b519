import { Alert, Button, Card, Collapse, Empty, Skeleton, Space, Tag } from 'antd';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { Location, PartnerApplicationView } from '@kainga/contracts';
import { countNoun, roleLabels } from '@kainga/contracts/browser';
import { apiErrorMessage, apiJson } from '../../api/client';
import { DemoBadge } from '../../chrome/DemoBadge';
import { useToast } from '../../chrome/ToastProvider';
import { formatDateNZ } from '../../format/format';
import { useNetworkRequired } from '../../offline';
import { useLocations, useRoles } from '../partner-apply/partner-queries';
import { adminUsersKey, ADMIN_STATS_PATH } from './admin-queries';
import { CreatePartnerForm } from './CreatePartnerForm';
import { HistoryLink } from './history/HistoryLink';
import { partnerApplicationStream } from './history/history-streams';
import { applicationsKey, approveUrl, partnersKey, rejectUrl, splitApplications, statusBadges } from './partner-applications';
import { RejectApplicationModal } from './RejectApplicationModal';

/** After a decision: the lists, the partners, the users' roles and the stats may all have changed. */
function useRefreshAfterDecision() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all(
      [applicationsKey, partnersKey, adminUsersKey, [ADMIN_STATS_PATH]].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
    );
}

function useDecisions(onRejected: () => void) {
  const { toast } = useToast();
  const refresh = useRefreshAfterDecision();
  const approve = useMutation({
    mutationFn: (a: PartnerApplicationView) => apiJson<unknown>('POST', approveUrl(a.id)),
    onSuccess: async (_answer, a) => {
      toast({ variant: 'success', title: 'Application Approved', description: `${a.businessName} is now a partner.` });
      await refresh();
    },
    onError: (error) => toast({ variant: 'error', title: 'Approval Failed', description: apiErrorMessage(error, 'Failed to approve application.') }),
  });
  const reject = useMutation({
    mutationFn: ({ application, reason }: { application: PartnerApplicationView; reason: string }) =>
      apiJson<unknown>('POST', rejectUrl(application.id), { reason }),
    onSuccess: async (_answer, { application }) => {
      onRejected();
      toast({ variant: 'success', title: 'Application Rejected', description: `The application of ${application.businessName} was rejected.` });
      await refresh();
    },
    onError: (error) => toast({ variant: 'error', title: 'Rejection Failed', description: apiErrorMessage(error, 'Failed to reject application.') }),
  });
  return { approve, reject };
}

function ApplicationDetails({ a, cityOf }: { a: PartnerApplicationView; cityOf: (id: string) => string }) {
  const applicant = a.applicant ? `${a.applicant.firstName} ${a.applicant.lastName} (${a.applicant.email})` : null;
  return (
    <dl className="application-details">
      <dt>Role</dt>
      <dd>{roleLabels[a.requestedRoleId]}</dd>
      <dt>{a.requestedLocationIds.length > 1 ? 'Locations' : 'Location'}</dt>
      <dd>{a.requestedLocationIds.map(cityOf).join(', ')}</dd>
      {applicant && (
        <>
          <dt>Applicant</dt>
          <dd>{applicant}</dd>
        </>
      )}
      <dt>Contact</dt>
      <dd>{[a.contactEmail, a.contactPhone].filter(Boolean).join(' · ')}</dd>
      {a.licenseNumber && (
        <>
          <dt>Licence</dt>
          <dd>{a.licenseNumber}</dd>
        </>
      )}
      {a.experienceYears !== null && (
        <>
          <dt>Experience</dt>
          <dd>{countNoun(a.experienceYears, 'year', 'years')}</dd>
        </>
      )}
      <dt>Submitted</dt>
      <dd>{formatDateNZ(a.createdAt)}</dd>
    </dl>
  );
}

function Applications({ locations }: { locations: readonly Location[] | undefined }) {
  const applications = useQuery<PartnerApplicationView[]>({ queryKey: applicationsKey, staleTime: 30_000 });
  const [rejecting, setRejecting] = useState<PartnerApplicationView | null>(null);
  const { approve, reject } = useDecisions(() => setRejecting(null));
  const { ensureOnline } = useNetworkRequired();
  const cityOf = (id: string) => locations?.find((l) => l.id === id)?.cityName ?? id;

  if (applications.isPending) return <Skeleton active title={false} paragraph={{ rows: 4 }} aria-label="Loading applications" />;
  if (applications.isError) {
    return <Alert type="error" showIcon title="Could not load the applications." description={apiErrorMessage(applications.error, 'Please try again.')} />;
  }
  if (applications.data.length === 0) return <Empty description="No Applications Yet" />;
  const { pending, processed } = splitApplications(applications.data);
  const deciding = (a: PartnerApplicationView) =>
    (approve.isPending && approve.variables?.id === a.id) || (reject.isPending && reject.variables?.application.id === a.id);

  return (
    <>
      <h3>Pending Review ({pending.length})</h3>
      {pending.length === 0 ? (
        <p className="muted">No applications are waiting for review.</p>
      ) : (
        <ul className="application-list">
          {pending.map((a) => (
            <li key={a.id} className="card">
              <div className="application-head">
                <strong>
                  {a.businessName} {a.demo && <DemoBadge />}
                </strong>
                <Tag color={statusBadges.pending.color}>{statusBadges.pending.label}</Tag>
              </div>
              <ApplicationDetails a={a} cityOf={cityOf} />
              <p className="application-description">{a.businessDescription}</p>
              <Space wrap>
                <Button
                  type="primary"
                  loading={approve.isPending && approve.variables?.id === a.id}
                  disabled={deciding(a)}
                  onClick={() => {
                    if (ensureOnline('approve the application')) approve.mutate(a);
                  }}
                  aria-label={`Approve ${a.businessName}`}
                >
                  Approve
                </Button>
                <Button danger disabled={deciding(a)} onClick={() => setRejecting(a)} aria-label={`Reject ${a.businessName}`}>
                  Reject
                </Button>
                <HistoryLink stream={partnerApplicationStream(a.id)} name={`the application of ${a.businessName}`} />
              </Space>
            </li>
          ))}
        </ul>
      )}

      {processed.length > 0 && (
        <>
          <h3>Recently Processed</h3>
          <ul className="application-list">
            {processed.map((a) => (
              <li key={a.id} className="card">
                <div className="application-head">
                  <span>
                    <strong>{a.businessName}</strong> {a.demo && <DemoBadge />} · {roleLabels[a.requestedRoleId]} · {a.requestedLocationIds.map(cityOf).join(', ')}
                  </span>
                  <Tag color={statusBadges[a.applicationStatus].color}>{statusBadges[a.applicationStatus].label}</Tag>
                </div>
                {a.reviewedAt && <p className="muted">Reviewed {formatDateNZ(a.reviewedAt)}</p>}
                {a.applicationStatus === 'rejected' && a.adminNotes && <p className="muted">Reason: {a.adminNotes}</p>}
                <HistoryLink stream={partnerApplicationStream(a.id)} name={`the application of ${a.businessName}`} />
              </li>
            ))}
          </ul>
        </>
      )}

      {rejecting && (
        <RejectApplicationModal
          businessName={rejecting.businessName}
          busy={reject.isPending}
          onCancel={() => setRejecting(null)}
          onConfirm={(reason) => {
            if (ensureOnline('reject the application')) reject.mutate({ application: rejecting, reason });
          }}
        />
      )}
    </>
  );
}

/**
 * Partner Management (partner/admin spec "/admin"): a collapsible 'Add New Partner Directly'
 * form, the applications pending review with Approve and Reject, and the five most recently
 * processed with their status.
 */
export function PartnerManagement() {
  const roles = useRoles();
  const locations = useLocations();
  const createForm =
    roles.isPending || locations.isPending ? (
      <Skeleton active paragraph={{ rows: 4 }} />
    ) : roles.isError || locations.isError ? (
      <Alert type="error" showIcon title={roles.isError ? 'Failed to load roles' : 'Failed to load locations'} />
    ) : (
      <CreatePartnerForm roles={roles.data} locations={locations.data} />
    );
  return (
    <Card title={<h2 className="card-title">Partner Management</h2>} className="admin-section">
      <Collapse items={[{ key: 'create', label: 'Add New Partner Directly', children: createForm }]} />
      <Applications locations={locations.data} />
    </Card>
  );
}
