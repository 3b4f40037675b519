import { Suspense, useEffect } from 'react';
import { Outlet } from 'react-router-dom';
import { AppHeader } from './AppHeader';
import { AppFooter } from './AppFooter';
import { wrapTabInDialog } from './dialog-tab-wrap';
import { UpdatePrompt } from './UpdatePrompt';
import { OfflineIndicator } from './OfflineIndicator';
import { PageLoading } from './PageLoading';

/** The shared chrome around every screen: skip link, update banner, header (with Start Assessment), main, footer. */
export function AppLayout() {
  useEffect(() => {
    document.addEventListener('keydown', wrapTabInDialog);
    return () => document.removeEventListener('keydown', wrapTabInDialog);
  }, []);
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
