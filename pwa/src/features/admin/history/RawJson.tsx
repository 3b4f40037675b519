import { useState } from 'react';

/** The event as the API gave it, one click away; drawn only once opened (a valuation's comparables are long). */
export function RawJson({ value, label }: { value: unknown; label: string }) {
  const [open, setOpen] = useState(false);
  return (
    <details className="history-raw" onToggle={(e) => setOpen(e.currentTarget.open)}>
      <summary aria-label={label}>Raw JSON</summary>
      {open && <pre>{JSON.stringify(value, null, 2)}</pre>}
    </details>
  );
}
