import { createContext, useCallback, useContext, useEffect, useMemo, useRef, type ReactNode } from 'react';
import { useAtom } from 'jotai';
import { partnerRolesOf, type PartnerRoleName } from '@kainga/contracts/browser';
import { useUser } from './user';
import { restoreActivePartnerRole, storedPartnerRoleAtom } from './active-partner-role';

export interface ActivePartnerRoleValue {
  /** The partner roles the signed-in user holds (empty when signed out or not a partner). */
  partnerRoles: PartnerRoleName[];
  /** The active one, or null (no partner role, or cleared). */
  activeRole: PartnerRoleName | null;
  /** Saves the choice; null clears it (removes the stored entry). */
  setActiveRole: (role: PartnerRoleName | null) => void;
}

const ActivePartnerRoleContext = createContext<ActivePartnerRoleValue | null>(null);

/**
 * Holds the active partner role of the signed-in user. When the user record arrives (or its
 * roles change), the stored role is restored if still held, else the first held partner role is
 * made active and saved (consumer spec §4).
 */
export function ActivePartnerRoleProvider({ children }: { children: ReactNode }) {
  const { user } = useUser();
  const [stored, setStored] = useAtom(storedPartnerRoleAtom);
  const partnerRoles = useMemo(() => partnerRolesOf(user?.roles), [user?.roles]);
  const restoredFor = useRef<string | null>(null);

  useEffect(() => {
    if (!user) {
      restoredFor.current = null;
      return;
    }
    const signature = `${user.id}:${partnerRoles.join(',')}`;
    if (restoredFor.current === signature) return;
    restoredFor.current = signature;
    const restored = restoreActivePartnerRole(stored, user.roles);
    if (restored !== null && restored !== stored) setStored(restored);
  }, [user, partnerRoles, stored, setStored]);

  const activeRole = partnerRoles.find((r) => r === stored) ?? null;
  const setActiveRole = useCallback((role: PartnerRoleName | null) => setStored(role), [setStored]);
  const value = useMemo(() => ({ partnerRoles, activeRole, setActiveRole }), [partnerRoles, activeRole, setActiveRole]);
  return <ActivePartnerRoleContext.Provider value={value}>{children}</ActivePartnerRoleContext.Provider>;
}

/** The active partner role. Using it outside {@link ActivePartnerRoleProvider} is an error (consumer spec §4). */
export function useActivePartnerRole(): ActivePartnerRoleValue {
  const value = useContext(ActivePartnerRoleContext);
  if (!value) throw new Error('useActivePartnerRole must be used within an ActivePartnerRoleProvider');
  return value;
}
