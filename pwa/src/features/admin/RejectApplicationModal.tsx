import { ReasonModal } from '../../forms/ReasonModal';
import { rejectReasonMessage } from './partner-applications';

/** Reject asks for a reason (non-blank) with Confirm Rejection and Cancel (partner/admin spec "/admin"). */
export function RejectApplicationModal({ businessName, busy, onConfirm, onCancel }: {
  businessName: string;
  busy: boolean;
  onConfirm: (reason: string) => void;
  onCancel: () => void;
}) {
  return (
    <ReasonModal
      id="reject-reason"
      title={`Reject ${businessName}`}
      label="Reason for rejection"
      okText="Confirm Rejection"
      danger
      problemOf={rejectReasonMessage}
      busy={busy}
      onConfirm={onConfirm}
      onCancel={onCancel}
    />
  );
}
