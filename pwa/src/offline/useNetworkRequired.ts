import { useCallback } from 'react';
import { useToast } from '../chrome/ToastProvider';
import { OFFLINE_TITLE, offlineActionMessage } from './network-required';
import { isOnline, useOnline } from './online-status';

export interface NetworkRequired {
  /** True while the browser has a network. */
  online: boolean;
  /**
   * Call before an action that needs the network. Online: answers true. Offline: shows the toast
   * 'You are offline' / 'Connect to the internet to {action}.' and answers false.
   */
  ensureOnline: (action: string) => boolean;
  /** 'You are offline. Connect to the internet to {action}.' — for an inline note or a disabled button's hint. */
  offlineMessage: (action: string) => string;
}

/**
 * For actions that need the network (generate a valuation, a report, save, update the profile,
 * sign in …): say so instead of failing silently.
 *
 * ```tsx
 * const { ensureOnline } = useNetworkRequired();
 * const onGenerate = () => { if (!ensureOnline('generate a valuation')) return; mutation.mutate(form); };
 * ```
 */
export function useNetworkRequired(): NetworkRequired {
  const online = useOnline();
  const { toast } = useToast();
  const ensureOnline = useCallback(
    (action: string) => {
      if (isOnline()) return true;
      toast({ title: OFFLINE_TITLE, description: `Connect to the internet to ${action}.`, variant: 'warning' });
      return false;
    },
    [toast],
  );
  return { online, ensureOnline, offlineMessage: offlineActionMessage };
}
