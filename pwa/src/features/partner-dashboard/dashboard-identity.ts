import { useEffect, useSyncExternalStore } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useAtomValue } from 'jotai';
import type { PartnerRoleName } from '@kainga/contracts/browser';
import { useActivePartnerRole } from '../../auth/ActivePartnerRoleProvider';
import { storedPartnerRoleAtom } from '../../auth/active-partner-role';
import { hasSignedInHint } from '../../auth/signed-in-hint';
import { userQueryKey, useUser } from '../../auth/user';
import { isNetworkError } from '../../offline/network-required';
import { recordedOwner } from '../../offline/private-store';
import { readPartnerRoles, savePartnerRoles } from './partner-queries';

export type DashboardIdentity =
  | { kind: 'loading' }
  | { kind: 'none' }
  | {
      kind: 'partner';
      userId: string;
      partnerRoles: PartnerRoleName[];
      activeRole: PartnerRoleName | null;
      setActiveRole: ((role: PartnerRoleName | null) => void) | null;
      /** True when the server could not be asked who is signed in (no network): saved data only. */
      offline: boolean;
    };

/** The user call's error, as the query cache holds it. */
function useUserQueryError(): unknown {
  const client = useQueryClient();
  return useSyncExternalStore(
    (listener) => client.getQueryCache().subscribe(listener),
    () => client.getQueryState(userQueryKey)?.error ?? null,
    () => null,
  );
}

/**
 * Who the dashboard is for. Online: the signed-in user and the active role of the header. Without
 * a network, after a reload (the user call failed for want of a network while the signed-in hint
 * is set): the person the device's personal data belongs to (the last one the server confirmed;
 * sign-out and a change of person wipe that data), with the partner roles saved when last online
 * and the stored active role — so a partner can read saved leads offline.
 */
export function useDashboardIdentity(): DashboardIdentity {
  // Offline, `user` may be the kept copy of the last confirmed user (auth/last-known-user.ts): still offline.
  const { user, isLoading, offline: userOffline } = useUser();
  const { partnerRoles, activeRole, setActiveRole } = useActivePartnerRole();
  const storedRole = useAtomValue(storedPartnerRoleAtom);
  const userError = useUserQueryError();
  const offlineOwner = !user && !isLoading && hasSignedInHint() && isNetworkError(userError) ? recordedOwner() : null;
  const savedRoles = useQuery({
    queryKey: ['partner-dashboard/saved-roles', offlineOwner],
    queryFn: async () => (offlineOwner ? ((await readPartnerRoles(offlineOwner)) ?? []) : []),
    enabled: offlineOwner !== null,
    staleTime: 0,
    gcTime: 0,
  });

  useEffect(() => {
    if (user && partnerRoles.length > 0) void savePartnerRoles(user.id, partnerRoles);
  }, [user, partnerRoles]);

  if (user) {
    if (partnerRoles.length === 0) return { kind: 'none' };
    return { kind: 'partner', userId: user.id, partnerRoles, activeRole, setActiveRole, offline: userOffline };
  }
  if (isLoading) return { kind: 'loading' };
  if (!offlineOwner) return { kind: 'none' };
  if (savedRoles.isPending) return { kind: 'loading' };
  const roles = savedRoles.data ?? [];
  if (roles.length === 0) return { kind: 'none' };
  const active = roles.find((r) => r === storedRole) ?? roles[0] ?? null;
  return { kind: 'partner', userId: offlineOwner, partnerRoles: roles, activeRole: active, setActiveRole: null, offline: true };
}
