import { useState, type FormEvent } from 'react';
import { Alert, Button, Checkbox, Radio } from 'antd';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ReportShare } from '@kainga/contracts';
import { apiErrorMessage } from '../../api/client';
import { useNetworkRequired } from '../../offline';
import { createShare, sharesQueryKey } from './share-api';
import { DEFAULT_SHARE_DAYS, SHARE_DURATION_DAYS, shareDurationLabel, type ShareDurationDays } from './share-durations';

const DURATION_LABEL_ID = 'share-duration-label';
const ADDRESS_HELP_ID = 'share-address-help';

/**
 * Making a link: how long it works (a week unless chosen) and whether the shared page shows the
 * street address (yes unless unticked). The owner's name and email are never on it, and it says so.
 */
export function CreateShareForm({ valuationId, onCreated }: { valuationId: string; onCreated: (share: ReportShare) => void }) {
  const [days, setDays] = useState<ShareDurationDays>(DEFAULT_SHARE_DAYS);
  const [showAddress, setShowAddress] = useState(true);
  const { ensureOnline } = useNetworkRequired();
  const queryClient = useQueryClient();
  const create = useMutation({
    mutationFn: () => createShare(valuationId, { expiresInDays: days, showAddress }),
    onSuccess: (share) => {
      queryClient.setQueryData<ReportShare[]>(sharesQueryKey(valuationId), (old) => (old ? [share, ...old.filter((s) => s.id !== share.id)] : old));
      void queryClient.invalidateQueries({ queryKey: sharesQueryKey(valuationId) });
      onCreated(share);
    },
  });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (create.isPending || !ensureOnline('share this report')) return;
    create.mutate();
  };

  return (
    <form className="share-form" onSubmit={submit} noValidate>
      <p>Make a link anyone can open to read this valuation, without an account.</p>
      <div className="share-field">
        <span id={DURATION_LABEL_ID} className="share-label">
          How long the link works
        </span>
        <Radio.Group
          aria-labelledby={DURATION_LABEL_ID}
          optionType="button"
          buttonStyle="solid"
          value={days}
          options={SHARE_DURATION_DAYS.map((d) => ({ value: d, label: shareDurationLabel(d) }))}
          onChange={(e) => setDays(e.target.value as ShareDurationDays)}
        />
      </div>
      <div className="share-field">
        <Checkbox checked={showAddress} onChange={(e) => setShowAddress(e.target.checked)} aria-describedby={ADDRESS_HELP_ID}>
          Show the street address
        </Checkbox>
        <p id={ADDRESS_HELP_ID} className="muted small share-help">
          Without it the shared page names only the suburb and town.
        </p>
      </div>
      <p className="share-privacy">The shared page never shows your name or email.</p>
      {create.isError && <Alert type="error" showIcon role="alert" className="share-alert" title={apiErrorMessage(create.error, 'The link could not be made. Please try again.')} />}
      <Button type="primary" htmlType="submit" loading={create.isPending}>
        Create link
      </Button>
    </form>
  );
}
