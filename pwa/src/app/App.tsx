import { useState, type ReactNode } from 'react';
import { ConfigProvider } from 'antd';
import { QueryClientProvider } from '@tanstack/react-query';
import { BrowserRouter } from 'react-router-dom';
import { ActivePartnerRoleProvider } from '../auth/ActivePartnerRoleProvider';
import { ToastProvider } from '../chrome/ToastProvider';
import { OfflineDataProvider } from '../offline/OfflineDataProvider';
import { createQueryClient } from './query-client';
import { AppRoutes } from './routes';
import { theme } from './theme';

/** Everything around the router: theme, data, offline data, toasts, the active partner role. */
export function AppProviders({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  return (
    <ConfigProvider theme={theme}>
      <QueryClientProvider client={queryClient}>
        <OfflineDataProvider client={queryClient}>
          <ToastProvider>
            <ActivePartnerRoleProvider>{children}</ActivePartnerRoleProvider>
          </ToastProvider>
        </OfflineDataProvider>
      </QueryClientProvider>
    </ConfigProvider>
  );
}

/** The app in the browser; the build renders the same tree with a static router (src/prerender). */
export function App() {
  return (
    <AppProviders>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </AppProviders>
  );
}
