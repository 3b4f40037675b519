/**
 * Tab in an open modal dialog goes round it: from its last control to its first, and Shift+Tab
 * from its first to its last (WCAG 2.4.3; the ARIA dialog pattern). antd's own focus lock lets
 * Tab leave the page from the dialog's last control (to the browser's address bar) and brings
 * focus back only on the next press; this keeps it in the dialog on every press.
 */
const TABBABLE = [
  'a[href]',
  'button:not([disabled])',
  'input:not([disabled]):not([type="hidden"])',
  'select:not([disabled])',
  'textarea:not([disabled])',
  '[tabindex]',
  '[contenteditable="true"]',
].join(',');

/** The elements of `container` that Tab stops at, in order (shown, not disabled, not tabindex -1). */
export function tabStops(container: Element): HTMLElement[] {
  return [...container.querySelectorAll<HTMLElement>(TABBABLE)].filter(
    (el) => el.tabIndex >= 0 && el.getClientRects().length > 0 && getComputedStyle(el).visibility !== 'hidden',
  );
}

/** The open modal dialog on top (the last in the page), if any. */
function topDialog(doc: Document): HTMLElement | undefined {
  return [...doc.querySelectorAll<HTMLElement>('[aria-modal="true"]')].filter((d) => d.getClientRects().length > 0).at(-1);
}

/** A keydown listener (on the document) that wraps Tab inside the open modal dialog. */
export function wrapTabInDialog(event: KeyboardEvent): void {
  if (event.key !== 'Tab' || event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) return;
  const dialog = topDialog(document);
  if (!dialog) return;
  const stops = tabStops(dialog);
  const first = stops[0];
  const last = stops.at(-1);
  if (!first || !last) return;
  const active = document.activeElement;
  const wrapTo = !event.shiftKey && active === last ? first : event.shiftKey && active === first ? last : null;
  if (!wrapTo) return;
  event.preventDefault();
  wrapTo.focus();
}
