import { Alert, Empty, Skeleton, Tag } from 'antd';
import { useQuery } from '@tanstack/react-query';
import type { AdPlanRequestView } from '@kainga/contracts';
import { apiErrorMessage } from '../../../api/client';
import { formatDateTimeNZ } from '../../../format/format';

export const ADMIN_PLAN_REQUESTS_PATH = '/api/admin/ad-plan-requests';
export const adminPlanRequestsKey = [ADMIN_PLAN_REQUESTS_PATH] as const;

/**
 * Partners' requests for a plan (GET /api/admin/ad-plan-requests), newest first, beside the
 * allocate form that answers them: who asked (with their contact address), which plan in which
 * town, their note, and whether the plan is now theirs there.
 */
export function PlanRequestList() {
  const requests = useQuery<AdPlanRequestView[]>({ queryKey: adminPlanRequestsKey, staleTime: 30_000 });
  if (requests.isPending) return <Skeleton active title={false} paragraph={{ rows: 2 }} aria-label="Loading the plan requests" />;
  if (requests.isError) return <Alert type="error" showIcon title="Failed to load the plan requests" description={apiErrorMessage(requests.error, 'Please try again.')} />;
  if (requests.data.length === 0) return <Empty description="No partner has asked for a plan. Partners ask from the Subscribe dialog where this server takes no card payments." />;
  return (
    <ul className="plan-requests" data-testid="plan-requests">
      {requests.data.map((r) => (
        <li key={r.id} className="plan-request">
          <p>
            <strong>{r.businessName}</strong> asks for <strong>{r.planName}</strong> in {r.cityName} <Tag>{r.allocated ? 'Allocated' : 'Waiting'}</Tag>
          </p>
          <p className="muted small">
            {formatDateTimeNZ(r.requestedAt)}
            {r.contactEmail && (
              <>
                {' · '}
                <a href={`mailto:${r.contactEmail}`}>{r.contactEmail}</a>
              </>
            )}
          </p>
          {r.message && <p className="plan-request-message">{r.message}</p>}
        </li>
      ))}
    </ul>
  );
}
