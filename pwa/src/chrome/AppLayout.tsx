import { Suspense } from 'react';
import { Outlet } from 'react-router-dom';
import { AppHeader } from './AppHeader';
import { AppFooter } from './AppFooter';
import { UpdatePrompt } from './UpdatePrompt';
import { OfflineIndicator } from './OfflineIndicator';
import { PageLoading } from './PageLoading';

/** The shared chrome around every screen: skip link, update banner, header (with Start Assessment), main, footer. */
export function AppLayout() {
  return (
    <div className="app">
      <a className="skip-link" href="#main">
        Skip to main content
      </a>
      <UpdatePrompt />
      <AppHeader />
      <OfflineIndicator />
      <main id="main" className="app-main" tabIndex={-1}>
        <Suspense fallback={<PageLoading />}>
          <Outlet />
        </Suspense>
      </main>
      <AppFooter />
    </div>
  );
}
