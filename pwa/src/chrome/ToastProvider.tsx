import { createContext, useCallback, useContext, useEffect, useMemo, useRef, type ReactNode, type TouchEvent } from 'react';
import { notification } from 'antd';
import {
  TOAST_DURATION_MS,
  TOAST_MAX_COUNT,
  TOAST_PHONE_QUERY,
  TOAST_TOP_OFFSET_PX,
  isDismissSwipe,
  isToastHotkey,
} from './toast-gestures';

export type ToastVariant = 'success' | 'error' | 'info' | 'warning';
export interface ToastOptions {
  title: string;
  description?: ReactNode;
  variant?: ToastVariant;
  /** milliseconds; default 5000 */
  duration?: number;
}
export interface ToastApi {
  toast: (options: ToastOptions) => void;
  dismiss: () => void;
}

const ToastContext = createContext<ToastApi | null>(null);

/**
 * Toasts (consumer spec "Header, footer and shared chrome"): antd notifications, one at a time,
 * 5 seconds by default. They render inside a labelled region: F8 focuses it, and a swipe right of
 * 50 px or more on a toast dismisses it. Top right below the header on wide screens, at the bottom
 * on phones.
 */
export function ToastProvider({ children }: { children: ReactNode }) {
  const regionRef = useRef<HTMLDivElement | null>(null);
  const getContainer = useCallback(() => regionRef.current ?? document.body, []);
  const [api, contextHolder] = notification.useNotification({
    maxCount: TOAST_MAX_COUNT,
    duration: TOAST_DURATION_MS / 1000,
    placement: 'topRight',
    // Below the sticky header, so a toast never hides the account menu or the navigation.
    top: TOAST_TOP_OFFSET_PX,
    getContainer,
  });
  const touchStart = useRef<{ x: number; y: number } | null>(null);

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (!isToastHotkey(event)) return;
      event.preventDefault();
      regionRef.current?.focus();
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);

  const onTouchStart = (event: TouchEvent<HTMLDivElement>) => {
    const t = event.touches[0];
    touchStart.current = t ? { x: t.clientX, y: t.clientY } : null;
  };
  const onTouchEnd = (event: TouchEvent<HTMLDivElement>) => {
    const start = touchStart.current;
    touchStart.current = null;
    const t = event.changedTouches[0];
    if (start && t && isDismissSwipe(start, { x: t.clientX, y: t.clientY })) api.destroy();
  };

  const toast = useCallback(
    ({ title, description, variant = 'info', duration }: ToastOptions) => {
      api.open({
        // On phones a toast at the top covers the page's heading (issue 11): there it rises from
        // the bottom; wider screens keep it top right, beside the content.
        placement: window.matchMedia(TOAST_PHONE_QUERY).matches ? 'bottom' : 'topRight',
        type: variant,
        title,
        description,
        duration: duration === undefined ? undefined : duration / 1000,
        role: variant === 'error' || variant === 'warning' ? 'alert' : 'status',
      });
    },
    [api],
  );
  const value = useMemo<ToastApi>(() => ({ toast, dismiss: () => api.destroy() }), [toast, api]);

  return (
    <ToastContext.Provider value={value}>
      {children}
      <div
        ref={regionRef}
        className="toast-region"
        role="region"
        aria-label="Notifications (F8)"
        tabIndex={-1}
        onTouchStart={onTouchStart}
        onTouchEnd={onTouchEnd}
        onTouchCancel={() => (touchStart.current = null)}
      >
        {contextHolder}
      </div>
    </ToastContext.Provider>
  );
}

export function useToast(): ToastApi {
  const value = useContext(ToastContext);
  if (!value) throw new Error('useToast must be used within a ToastProvider');
  return value;
}
