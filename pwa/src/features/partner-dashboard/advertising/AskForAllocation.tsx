import { useState } from 'react';
import { Alert, Button, Input } from 'antd';
import { useMutation } from '@tanstack/react-query';
import type { PartnerRoleName } from '@kainga/contracts/browser';
import { apiErrorMessage } from '../../../api/client';
import { useNetworkRequired } from '../../../offline';
import { newIdempotencyKey } from '../response-outbox';
import { planRequestSentText, requestPlanAllocation } from './plan-request-api';

/**
 * "Ask an Administrator" on the Subscribe dialog's payment step where this server takes no card
 * payments: an optional note, then a request the admins read beside their allocate form. Said
 * in place once sent (the dialog stays open), and again if the server refused it.
 */
export function AskForAllocation({ role, adPlanId, planName, locationId, cityName, onBack, onClose }: {
  role: PartnerRoleName;
  adPlanId: string;
  planName: string;
  locationId: string;
  cityName: string;
  onBack: () => void;
  onClose: () => void;
}) {
  const [message, setMessage] = useState('');
  // One key per dialog step: a retried send (a lost answer) is the same request.
  const [key] = useState(newIdempotencyKey);
  const { ensureOnline } = useNetworkRequired();
  const ask = useMutation({ mutationFn: () => requestPlanAllocation(role, { adPlanId, locationId, message: message.trim() }, key) });

  return (
    <div className="ask-allocation">
      <div aria-live="polite">
        {ask.isSuccess && <Alert type="success" showIcon title="Request sent" description={planRequestSentText(planName, cityName)} />}
        {ask.isError && <Alert type="error" showIcon title="Your request could not be sent" description={apiErrorMessage(ask.error, 'Please try again in a moment.')} />}
      </div>
      {!ask.isSuccess && (
        <>
          <label htmlFor="ask-allocation-message">Message for the administrators (optional)</label>
          <Input.TextArea id="ask-allocation-message" rows={3} maxLength={1000} value={message} onChange={(e) => setMessage(e.target.value)} disabled={ask.isPending} />
        </>
      )}
      <div className="subscribe-actions">
        <Button onClick={onBack} disabled={ask.isPending}>
          Back to Details
        </Button>
        {ask.isSuccess ? (
          <Button type="primary" onClick={onClose}>
            Close
          </Button>
        ) : (
          <Button type="primary" loading={ask.isPending} disabled={ask.isPending} onClick={() => ensureOnline('ask for the plan') && ask.mutate()}>
            Ask an Administrator
          </Button>
        )}
      </div>
    </div>
  );
}
