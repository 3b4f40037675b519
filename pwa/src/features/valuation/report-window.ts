/**
 * The report window (consumer spec §4 "Report generation"): opened synchronously in the click
 * handler (so pop-up blockers allow it) with a 'Generating report' placeholder, then filled with
 * the document the server returns, or with an error page.
 */
const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
export const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => ESCAPES[c]!);

const page = (title: string, body: string) => `<!doctype html>
<html lang="en-NZ"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>body{font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1f2937;max-width:720px;margin:4rem auto;padding:0 1rem;text-align:center}
h1{font-size:1.5rem}.muted{color:#4b5563}.error{color:#b42318}</style></head>
<body>${body}</body></html>`;

export const placeholderDocument = () =>
  page('Generating report…', '<h1>Generating report</h1><p class="muted" role="status">Your property valuation report is being prepared. This tab will update in a moment.</p>');

export const errorDocument = (message: string) =>
  page('Report Generation Failed', `<h1 class="error">Report Generation Failed</h1><p>${escapeHtml(message)}</p><p class="muted">Close this tab and try again.</p>`);

/** Replaces the window's document with `html`. */
export function writeDocument(win: Window, html: string): void {
  win.document.open();
  win.document.write(html);
  win.document.close();
}

/** Opens an empty tab showing the placeholder; null when pop-ups are blocked. */
export function openReportWindow(): Window | null {
  const win = window.open('', '_blank');
  if (!win) return null;
  try {
    // The report needs nothing from this page: cut the link back to it.
    win.opener = null;
  } catch {
    // some browsers refuse; harmless
  }
  writeDocument(win, placeholderDocument());
  return win;
}
