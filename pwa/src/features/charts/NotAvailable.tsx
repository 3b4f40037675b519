import { NOT_AVAILABLE, NOT_AVAILABLE_LABEL } from '../partner-dashboard/advertising/performance';

/** "—" for a figure that is not available, read out as "not available" (a dash alone is read as nothing or "dash"). */
export function NotAvailable() {
  return (
    <>
      <span aria-hidden="true">{NOT_AVAILABLE}</span>
      <span className="visually-hidden">{NOT_AVAILABLE_LABEL}</span>
    </>
  );
}

/** A formatted figure as text, or NotAvailable where the formatter gave NOT_AVAILABLE. */
export const figureText = (text: string) => (text === NOT_AVAILABLE ? <NotAvailable /> : text);
