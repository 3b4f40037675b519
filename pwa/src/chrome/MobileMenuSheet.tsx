import { Drawer } from 'antd';
import { Link } from 'react-router-dom';
import type { User } from '@kainga/contracts';
import { displayName } from '../auth/display-name';
import { ActiveRoleSelector } from './ActiveRoleSelector';
import { mobileMenuEntries } from './menu-items';

/** The right-side sheet of the mobile header (consumer spec "Header, footer and shared chrome"). */
export default function MobileMenuSheet({ open, onClose, user }: { open: boolean; onClose: () => void; user: User | null }) {
  const entries = mobileMenuEntries(user !== null, user?.roles);
  return (
    <Drawer
      id="mobile-menu"
      placement="right"
      open={open}
      onClose={onClose}
      size={300}
      title={user ? displayName(user) : 'Menu'}
      // antd focuses the sheet's outer frame, outside its role="dialog": move focus into the dialog
      // (its Close button), so a screen reader says where the person is and Tab starts there.
      afterOpenChange={(opened) => {
        if (opened) document.getElementById('mobile-menu')?.querySelector<HTMLElement>('button, a[href]')?.focus();
      }}
    >
      {user && <ActiveRoleSelector className="mobile-role-selector" />}
      <nav aria-label="Mobile">
        <ul className="mobile-nav">
          {entries.map((e) => (
            <li key={e.key}>
              {e.external ? (
                <a href={e.to}>{e.label}</a>
              ) : (
                <Link to={e.to} onClick={onClose}>
                  {e.label}
                </Link>
              )}
            </li>
          ))}
        </ul>
      </nav>
    </Drawer>
  );
}
