import { lazy, Suspense } from 'react';
import { Tag } from 'antd';
import { roleLabels, type PartnerRoleName } from '@kainga/contracts/browser';
import { useActivePartnerRole } from '../auth/ActivePartnerRoleProvider';

/** The dropdown (antd Select is large) loads only for users holding several partner roles. */
const RoleSelect = lazy(() => import('./RoleSelect'));

/**
 * Active-role switcher (consumer spec "Header, footer and shared chrome"): hidden without a
 * partner role; a read-only badge with one; a 'Select role...' dropdown with several.
 */
export function ActiveRoleSelector({ className }: { className?: string }) {
  const { partnerRoles, activeRole, setActiveRole } = useActivePartnerRole();
  if (partnerRoles.length === 0) return null;
  if (partnerRoles.length === 1) {
    const only = partnerRoles[0] as PartnerRoleName;
    return (
      <span className={className}>
        <Tag className="role-badge tag-partner">
          <span className="visually-hidden">Active role: </span>
          {roleLabels[only]}
        </Tag>
      </span>
    );
  }
  return (
    <span className={className}>
      <Suspense fallback={<span className="role-select-placeholder" aria-hidden="true" />}>
        <RoleSelect roles={partnerRoles} value={activeRole} onChange={setActiveRole} />
      </Suspense>
    </span>
  );
}
