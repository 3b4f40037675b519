import { useEffect, useState } from 'react';
import { Alert, Button, Skeleton } from 'antd';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ReportShare } from '@kainga/contracts';
import { reportShareStatus } from '@kainga/contracts/browser';
import { apiErrorMessage } from '../../api/client';
import { formatDateNZ } from '../../format/format';
import { useNetworkRequired } from '../../offline';
import { fetchShares, sharesQueryKey, stopSharing } from './share-api';
import { shareOpensText, shareStatusText } from './share-status-text';
import { useNow } from './use-now';

const LIST_TITLE_ID = 'share-list-title';
const itemTextId = (shareId: string) => `share-item-${shareId}`;

/**
 * The valuation's links, newest first: each one's status, how often it was opened, and for an
 * active one "Stop sharing", which ends it at once. Read afresh each time the dialog opens (the
 * open counts change while it is closed).
 */
export function ShareList({ valuationId }: { valuationId: string }) {
  const now = useNow();
  const queryClient = useQueryClient();
  const { ensureOnline } = useNetworkRequired();
  // The link just stopped: its button goes, so focus moves to its text (now "Stopped"), not the page.
  const [stoppedId, setStoppedId] = useState<string | null>(null);
  const key = sharesQueryKey(valuationId);
  const shares = useQuery({ queryKey: key, queryFn: ({ signal }) => fetchShares(valuationId, signal), staleTime: 0, refetchOnMount: 'always' });
  const stop = useMutation({
    mutationFn: (shareId: string) => stopSharing(shareId),
    onSuccess: (stopped) => {
      queryClient.setQueryData<ReportShare[]>(key, (old) => old?.map((s) => (s.id === stopped.id ? stopped : s)));
      void queryClient.invalidateQueries({ queryKey: key });
      setStoppedId(stopped.id);
    },
  });
  useEffect(() => {
    if (stoppedId) document.getElementById(itemTextId(stoppedId))?.focus();
  }, [stoppedId]);

  return (
    <section className="share-list" aria-labelledby={LIST_TITLE_ID}>
      <h3 id={LIST_TITLE_ID}>Your links to this report</h3>
      {shares.isPending && <Skeleton active title={false} paragraph={{ rows: 3 }} />}
      {shares.isError && <Alert type="error" showIcon role="alert" className="share-alert" title={apiErrorMessage(shares.error, 'Your links could not be loaded. Please try again.')} />}
      {stop.isError && <Alert type="error" showIcon role="alert" className="share-alert" title={apiErrorMessage(stop.error, 'The link could not be stopped. Please try again.')} />}
      {shares.data && shares.data.length === 0 && <p className="muted">No links yet.</p>}
      {shares.data && shares.data.length > 0 && (
        <ul>
          {shares.data.map((share) => {
            const status = reportShareStatus(share, now);
            const textId = itemTextId(share.id);
            const stopping = stop.isPending && stop.variables === share.id;
            return (
              <li key={share.id} className={`share-item share-item-${status}`}>
                <div id={textId} className="share-item-text" tabIndex={-1}>
                  <strong>{shareStatusText(share, now)}</strong>
                  <span>{shareOpensText(share, now)}</span>
                  <span className="muted small">
                    Made {formatDateNZ(share.createdAt)}, {share.showAddress ? 'street address shown' : 'street address hidden'}
                  </span>
                </div>
                {status === 'active' && (
                  <Button
                    danger
                    aria-describedby={textId}
                    loading={stopping}
                    disabled={stop.isPending && !stopping}
                    onClick={() => {
                      if (ensureOnline('stop sharing this link')) stop.mutate(share.id);
                    }}
                  >
                    Stop sharing
                  </Button>
                )}
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
