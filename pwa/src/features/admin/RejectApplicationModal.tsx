import { Input, Modal } from 'antd';
import { useState } from 'react';
import { rejectReasonMessage } from './partner-applications';

/** Reject asks for a reason (non-blank) with Confirm Rejection and Cancel (partner/admin spec "/admin"). */
export function RejectApplicationModal({ businessName, busy, onConfirm, onCancel }: {
  businessName: string;
  busy: boolean;
  onConfirm: (reason: string) => void;
  onCancel: () => void;
}) {
  const [reason, setReason] = useState('');
  const [touched, setTouched] = useState(false);
  const problem = rejectReasonMessage(reason);
  return (
    <Modal
      open
      title={`Reject ${businessName}`}
      okText="Confirm Rejection"
      cancelText="Cancel"
      okButtonProps={{ danger: true, loading: busy, disabled: problem !== null }}
      cancelButtonProps={{ disabled: busy }}
      onOk={() => {
        setTouched(true);
        if (!problem) onConfirm(reason.trim());
      }}
      onCancel={onCancel}
      destroyOnHidden
    >
      <label htmlFor="reject-reason">Reason for rejection</label>
      <Input.TextArea
        id="reject-reason"
        rows={4}
        value={reason}
        maxLength={1000}
        onChange={(e) => setReason(e.target.value)}
        onBlur={() => setTouched(true)}
        aria-invalid={touched && problem !== null}
        aria-describedby={touched && problem ? 'reject-reason-error' : undefined}
      />
      {touched && problem && (
        <div id="reject-reason-error" className="field-error" role="alert">
          {problem}
        </div>
      )}
    </Modal>
  );
}
