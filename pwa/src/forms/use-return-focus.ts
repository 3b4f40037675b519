import { useEffect, useRef } from 'react';

/**
 * The button a dialog opened from gets focus back when the dialog closes (WCAG 2.4.3), not the
 * page's start: a frame after closing, once the dialog's own focus handling is done. Returns the
 * ref for that button.
 */
export function useReturnFocus(open: boolean) {
  const button = useRef<HTMLButtonElement>(null);
  const wasOpen = useRef(false);
  useEffect(() => {
    if (open) wasOpen.current = true;
    else if (wasOpen.current) {
      wasOpen.current = false;
      const frame = requestAnimationFrame(() => button.current?.focus());
      return () => cancelAnimationFrame(frame);
    }
  }, [open]);
  return button;
}
