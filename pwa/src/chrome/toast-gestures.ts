/** Toast behaviour constants (consumer spec "Header, footer and shared chrome"). */
export const TOAST_DURATION_MS = 5000;
export const TOAST_MAX_COUNT = 1;
export const TOAST_SWIPE_THRESHOLD_PX = 50;
export const TOAST_HOTKEY = 'F8';
/** Phones (below the header's md breakpoint) show toasts at the bottom of the screen. */
export const TOAST_PHONE_QUERY = '(max-width: 767.98px)';
/** Wider screens show them top right, this far down: the 64 px header plus a gap. */
export const TOAST_TOP_OFFSET_PX = 76;

/** A swipe to the right by at least 50 px (and more sideways than vertical) dismisses a toast. */
export function isDismissSwipe(start: { x: number; y: number }, end: { x: number; y: number }): boolean {
  const dx = end.x - start.x;
  const dy = end.y - start.y;
  return dx >= TOAST_SWIPE_THRESHOLD_PX && Math.abs(dy) < dx;
}

/** F8 without modifiers focuses the notification area. */
export function isToastHotkey(event: { key: string; altKey?: boolean; ctrlKey?: boolean; metaKey?: boolean; shiftKey?: boolean }): boolean {
  return event.key === TOAST_HOTKEY && !event.altKey && !event.ctrlKey && !event.metaKey && !event.shiftKey;
}
