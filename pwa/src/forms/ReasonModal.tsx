import { Input, Modal } from 'antd';
import { useState } from 'react';

/**
 * A modal asking for words (a rejection's reason, a dispute's, an admin's note) with OK and Cancel.
 * `problemOf` says what is wrong with the text, or null when it will do: OK is offered only then,
 * and the problem shows once the box has been left. The text is handed over trimmed.
 */
export function ReasonModal({
  id,
  title,
  intro,
  label,
  okText,
  danger = false,
  problemOf,
  busy,
  onConfirm,
  onCancel,
}: {
  /** The text box's id (its error's id derives from it). */
  id: string;
  title: string;
  intro?: string;
  label: string;
  okText: string;
  danger?: boolean;
  problemOf: (text: string) => string | null;
  busy: boolean;
  onConfirm: (text: string) => void;
  onCancel: () => void;
}) {
  const [text, setText] = useState('');
  const [touched, setTouched] = useState(false);
  const problem = problemOf(text);
  const errorId = `${id}-error`;
  return (
    <Modal
      open
      title={title}
      okText={okText}
      cancelText="Cancel"
      okButtonProps={{ danger, loading: busy, disabled: problem !== null }}
      cancelButtonProps={{ disabled: busy }}
      onOk={() => {
        setTouched(true);
        if (!problem) onConfirm(text.trim());
      }}
      onCancel={onCancel}
      destroyOnHidden
    >
      {intro && <p>{intro}</p>}
      <label htmlFor={id}>{label}</label>
      <Input.TextArea
        id={id}
        rows={4}
        value={text}
        maxLength={1000}
        onChange={(e) => setText(e.target.value)}
        onBlur={() => setTouched(true)}
        aria-invalid={touched && problem !== null}
        aria-describedby={touched && problem ? errorId : undefined}
      />
      {touched && problem && (
        <div id={errorId} className="field-error" role="alert">
          {problem}
        </div>
      )}
    </Modal>
  );
}
