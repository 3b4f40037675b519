import { lazy, Suspense } from 'react';
import { Link, NavLink, useLocation } from 'react-router-dom';
import { useUser } from '../auth/user';
import { ActiveRoleSelector } from './ActiveRoleSelector';
import { MobileMenu } from './MobileMenu';
import { signInUrl } from './menu-items';
import { StartAssessmentButton } from './StartAssessmentButton';

const UserMenu = lazy(() => import('./UserMenu').then((m) => ({ default: m.UserMenu })));

/**
 * Header (consumer spec "Header, footer and shared chrome"): logo linking home; desktop navigation
 * Property Map and How It Works; Sign In when signed out; the active-role selector and the user
 * dropdown when signed in. Below the md breakpoint (768 px) a menu button opens the right sheet.
 * What a signed-out visitor sees is plain markup (no antd): it is every screen's first paint.
 */
export function AppHeader() {
  const { user, isLoading } = useUser();
  const location = useLocation();
  const here = location.pathname === '/sign-in' ? null : `${location.pathname}${location.search}`;
  return (
    <header className="app-header">
      <div className="container header-inner">
        <Link to="/" className="logo" aria-label="Kāinga home">
          <img src="/icons/icon-192.png" alt="" width={32} height={32} />
          <span className="logo-text">Kāinga</span>
        </Link>
        <nav aria-label="Main" className="desktop-only desktop-nav">
          <NavLink to="/map">Property Map</NavLink>
          <NavLink to="/how-it-works">How It Works</NavLink>
        </nav>
        <div className="header-actions">
          <StartAssessmentButton />
          {!isLoading && user && (
            <>
              <ActiveRoleSelector className="desktop-only" />
              <span className="desktop-only">
                <Suspense fallback={<span className="user-menu-placeholder" aria-hidden="true" />}>
                  <UserMenu user={user} />
                </Suspense>
              </span>
            </>
          )}
          {!isLoading && !user && (
            <a href={signInUrl(here)} className="button-link primary header-sign-in desktop-only">
              Sign In
            </a>
          )}
          <span className="mobile-only">
            <MobileMenu user={user} />
          </span>
        </div>
      </div>
    </header>
  );
}
