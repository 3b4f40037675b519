import { Input } from 'antd';
import { ERASURE_REASON_MAX } from '@kainga/contracts/browser';

/**
 * An erasure's reason (recorded in the history, so it names the request, not the person) and the
 * server's refusal under it: the admin's Erase dialogs, for an account and for a visitor.
 */
export function ErasureReasonField({ idBase, value, onChange, error }: { idBase: string; value: string; onChange: (reason: string) => void; error: string | null }) {
  return (
    <>
      <label htmlFor={`${idBase}-reason`}>Reason for the erasure</label>
      <p id={`${idBase}-hint`} className="muted erase-reason-hint">
        The request it answers, for example “Email request of 2 December, ticket 4411”. It is recorded in the history: no personal details.
      </p>
      <Input.TextArea
        id={`${idBase}-reason`}
        rows={3}
        value={value}
        maxLength={ERASURE_REASON_MAX}
        onChange={(e) => onChange(e.target.value)}
        aria-describedby={error ? `${idBase}-hint ${idBase}-error` : `${idBase}-hint`}
        aria-invalid={error !== null}
      />
      {error && (
        <div id={`${idBase}-error`} className="field-error" role="alert">
          {error}
        </div>
      )}
    </>
  );
}
