import { Select } from 'antd';
import { roleLabels, type PartnerRoleName } from '@kainga/contracts/browser';
import { insideHeader } from './inside-header';

/** The 'Select role...' dropdown of the active-role switcher. */
export default function RoleSelect({
  roles,
  value,
  onChange,
}: {
  roles: readonly PartnerRoleName[];
  value: PartnerRoleName | null;
  onChange: (role: PartnerRoleName) => void;
}) {
  return (
    <Select<PartnerRoleName>
      aria-label="Active role"
      placeholder="Select role..."
      value={value ?? undefined}
      onChange={onChange}
      options={roles.map((r) => ({ value: r, label: roleLabels[r] }))}
      style={{ minWidth: 180 }}
      popupMatchSelectWidth={false}
      getPopupContainer={insideHeader}
    />
  );
}
