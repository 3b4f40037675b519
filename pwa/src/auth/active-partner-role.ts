/**
 * The active partner role (consumer spec §4): persisted in localStorage under `activePartnerRole`
 * (the raw role name). On load it is used only if the user still holds it; otherwise the first held
 * partner role becomes active. Changing it saves it; clearing it removes the entry.
 */
import { atomWithStorage } from 'jotai/utils';
import { partnerRolesOf, type PartnerRoleName, type RoleName } from '@kainga/contracts/browser';

export const ACTIVE_PARTNER_ROLE_KEY = 'activePartnerRole';

/** The role to make active for a user holding `roles`, given what was stored. */
export function restoreActivePartnerRole(
  stored: string | null | undefined,
  roles: readonly RoleName[] | null | undefined,
): PartnerRoleName | null {
  const held = partnerRolesOf(roles);
  const kept = held.find((r) => r === stored);
  return kept ?? held[0] ?? null;
}

/** Raw string storage (no JSON quoting); tolerant of browsers that block storage. */
const rawLocalStorage = {
  getItem(key: string, initialValue: string | null): string | null {
    try {
      return globalThis.localStorage?.getItem(key) ?? initialValue;
    } catch {
      return initialValue;
    }
  },
  setItem(key: string, value: string | null): void {
    try {
      if (value === null) globalThis.localStorage?.removeItem(key);
      else globalThis.localStorage?.setItem(key, value);
    } catch {
      // storage unavailable: keep the value in memory only
    }
  },
  removeItem(key: string): void {
    try {
      globalThis.localStorage?.removeItem(key);
    } catch {
      // ignore
    }
  },
};

/** What is stored (may name a role the user no longer holds; read it through the provider). */
export const storedPartnerRoleAtom = atomWithStorage<string | null>(ACTIVE_PARTNER_ROLE_KEY, null, rawLocalStorage, {
  getOnInit: true,
});
