/**
 * The report window (consumer spec §4 "Report generation"): opened synchronously in the click
 * handler (so pop-up blockers allow it), at the report's own address, /valuations/{id}/report —
 * a page its owner can bookmark, reload and share with themselves. That page says 'Generating
 * report' while the document loads and shows an error page if it cannot (ValuationReportPage).
 */

/** The report page of a valuation. */
export const reportPath = (valuationId: string) => `/valuations/${encodeURIComponent(valuationId)}/report`;

/** Opens the report page in a new tab; null when pop-ups are blocked. */
export function openReportWindow(valuationId: string): Window | null {
  const win = window.open(reportPath(valuationId), '_blank');
  if (!win) return null;
  try {
    // The report needs nothing from this page: cut the link back to it.
    win.opener = null;
  } catch {
    // some browsers refuse; harmless
  }
  return win;
}
