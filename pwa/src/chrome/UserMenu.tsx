import { Avatar, Button, Dropdown, type MenuProps } from 'antd';
import { Link } from 'react-router-dom';
import type { User } from '@kainga/contracts';
import { displayName, initials } from '../auth/display-name';
import { insideHeader } from './inside-header';
import { userMenuEntries } from './menu-items';

/** The signed-in user's dropdown: full name with an initials avatar, then the role-dependent items. */
export function UserMenu({ user }: { user: User }) {
  const name = displayName(user);
  const items: MenuProps['items'] = userMenuEntries(user.roles).map((e) => ({
    key: e.key,
    label: e.external ? <a href={e.to}>{e.label}</a> : <Link to={e.to}>{e.label}</Link>,
    ...(e.key === 'sign-out' ? { danger: true } : {}),
  }));
  return (
    <Dropdown menu={{ items }} trigger={['click']} placement="bottomRight" getPopupContainer={insideHeader}>
      <Button type="text" className="user-menu-trigger" aria-label={`Account menu for ${name}`} aria-haspopup="menu">
        <Avatar size={32} className="user-avatar" src={user.profileImageUrl || undefined} alt="" aria-hidden="true">
          {initials(user)}
        </Avatar>
        <span className="user-name">{name}</span>
      </Button>
    </Dropdown>
  );
}
