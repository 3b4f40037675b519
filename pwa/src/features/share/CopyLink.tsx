import { useEffect, useRef, useState } from 'react';
import { Button, Input, type InputRef } from 'antd';

const INPUT_ID = 'share-link-url';

/**
 * The link just made, in a read-only box with "Copy link". The box takes focus when it appears,
 * so a screen reader reads the new link out; the status line says whether it was copied, and
 * when the clipboard refuses (no permission, an old browser), selects the text for the person to
 * copy themselves.
 */
export function CopyLink({ url }: { url: string }) {
  const input = useRef<InputRef>(null);
  const [status, setStatus] = useState('');

  // Mounted afresh for each new link (keyed by it), so its status starts empty.
  useEffect(() => {
    input.current?.focus();
  }, []);

  const copy = async () => {
    try {
      if (!navigator.clipboard) throw new Error('no clipboard');
      await navigator.clipboard.writeText(url);
      setStatus('Link copied');
    } catch {
      input.current?.focus();
      input.current?.select();
      setStatus('Select and copy the link');
    }
  };

  return (
    <div className="share-created">
      <label htmlFor={INPUT_ID} className="share-label">
        Your new link
      </label>
      <div className="share-copy-row">
        <Input id={INPUT_ID} ref={input} readOnly value={url} onFocus={(e) => e.target.select()} />
        <Button type="primary" onClick={() => void copy()}>
          Copy link
        </Button>
      </div>
      <p className="share-copy-status small" role="status" aria-live="polite">
        {status}
      </p>
    </div>
  );
}
