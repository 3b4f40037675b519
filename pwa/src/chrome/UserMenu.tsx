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
    // autoFocus: opened from the keyboard, focus moves into the menu, so the arrow keys walk its items.
    <Dropdown menu={{ items }} trigger={['click']} placement="bottomRight" getPopupContainer={insideHeader} autoFocus>
      <Button type="text" className="user-menu-trigger" aria-label={`Account menu for ${name}`} aria-haspopup="menu">
        {/* The initials are drawn by CSS (styles.css, .user-initials): as text they would read
            "TTama Owner" as the button's visible text, which its accessible name must contain (WCAG 2.5.3). */}
        <Avatar size={32} className="user-avatar" src={user.profileImageUrl || undefined} alt="" aria-hidden="true">
          <span className="user-initials" data-initials={initials(user)} />
        </Avatar>
        <span className="user-name">{name}</span>
      </Button>
    </Dropdown>
  );
}
