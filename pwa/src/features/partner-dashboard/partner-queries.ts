import { useCallback, useEffect, useSyncExternalStore } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { PartnerContactView, PartnerRoleName, PartnerStats } from '@kainga/contracts';
import { apiErrorMessage } from '../../api/client';
import { useToast } from '../../chrome/ToastProvider';
import { isOnline } from '../../offline/online-status';
import { readPrivate, writePrivate } from '../../offline/private-store';
import { fetchOrDeviceCopy, type DeviceCopyStore, type SavedCopy } from './device-copy';
import { PARTNER_CONTACTS_PATH, PARTNER_STATS_PATH, fetchContacts, fetchStats, sendResponse } from './partner-api';
import { createResponseOutbox, newIdempotencyKey, type QueuedResponse, type ResponseOutbox } from './response-outbox';

/** The person's saved copy of one answer, in the personal per-user store. */
function deviceStore<T>(userId: string, name: string): DeviceCopyStore<T> {
  return {
    read: () => readPrivate<SavedCopy<T>>(userId, name),
    write: (copy) => writePrivate(userId, name, copy),
  };
}

/** Query keys carry the person: one account's answers are never shown to the next from memory. */
export const contactsKey = (userId: string, role: PartnerRoleName) => [PARTNER_CONTACTS_PATH, role, userId] as const;
export const statsKey = (userId: string, role: PartnerRoleName) => [PARTNER_STATS_PATH, role, userId] as const;

/** GET /api/partner-contacts?role= — offline, the copy saved on this device for this person. */
export function usePartnerContacts(userId: string, role: PartnerRoleName) {
  return useQuery({
    queryKey: contactsKey(userId, role),
    queryFn: ({ signal }) => fetchOrDeviceCopy<PartnerContactView[]>(() => fetchContacts(role, signal), deviceStore(userId, `partner-inbox/${role}/contacts`)),
  });
}

/** GET /api/partner/stats?role= — offline, the saved copy. */
export function usePartnerStats(userId: string, role: PartnerRoleName) {
  return useQuery({
    queryKey: statsKey(userId, role),
    queryFn: ({ signal }) => fetchOrDeviceCopy<PartnerStats>(() => fetchStats(role, signal), deviceStore(userId, `partner-inbox/${role}/stats`)),
  });
}

/** The partner roles a person held when last online, so the dashboard opens offline after a reload. */
export const savePartnerRoles = (userId: string, roles: readonly PartnerRoleName[]) => writePrivate(userId, 'partner-roles', [...roles]);
export const readPartnerRoles = (userId: string) => readPrivate<PartnerRoleName[]>(userId, 'partner-roles');

const outboxes = new Map<string, ResponseOutbox>();
/** One outbox per person, kept in their personal store (wiped at sign-out). */
function outboxOf(userId: string): ResponseOutbox {
  let outbox = outboxes.get(userId);
  if (!outbox) {
    outbox = createResponseOutbox({
      load: async () => (await readPrivate<QueuedResponse[]>(userId, 'partner-outbox')) ?? [],
      save: (entries) => writePrivate(userId, 'partner-outbox', entries),
    });
    outboxes.set(userId, outbox);
  }
  return outbox;
}

const noEntries: readonly QueuedResponse[] = [];

/**
 * The person's queued responses, and `respond` for the response box: the response is queued with
 * a new Idempotency-Key, then sent at once when there is a network, else when it returns (the
 * 'online' event, or the next time the dashboard opens). Toasts: 'Response Sent' when it went,
 * 'Failed to Send Response' when the server refused it.
 */
export function useResponseOutbox(userId: string) {
  const outbox = outboxOf(userId);
  const queryClient = useQueryClient();
  const { toast } = useToast();
  const queued = useSyncExternalStore(outbox.subscribe, outbox.current, () => noEntries);

  const flush = useCallback(async () => {
    if (!isOnline()) return;
    const result = await outbox.flush(sendResponse);
    for (const { error } of result.failed) {
      toast({ variant: 'error', title: 'Failed to Send Response', description: apiErrorMessage(error, 'Please try again.') });
    }
    if (result.sent.length > 0) {
      toast({ variant: 'success', title: 'Response Sent', description: 'Your response has been sent to the client.' });
    }
    if (result.sent.length > 0 || result.failed.length > 0) {
      await queryClient.invalidateQueries({ queryKey: [PARTNER_CONTACTS_PATH] });
      await queryClient.invalidateQueries({ queryKey: [PARTNER_STATS_PATH] });
    }
  }, [outbox, queryClient, toast]);

  useEffect(() => {
    void outbox.load().then(flush);
    const onOnline = () => void flush();
    window.addEventListener('online', onOnline);
    return () => window.removeEventListener('online', onOnline);
  }, [outbox, flush]);

  const respond = useCallback(
    async (leadId: string, role: PartnerRoleName, response: string) => {
      await outbox.add({ idempotencyKey: newIdempotencyKey(), leadId, role, response: response.trim(), queuedAt: new Date().toISOString() });
      await flush();
    },
    [outbox, flush],
  );
  return { queued, respond };
}
