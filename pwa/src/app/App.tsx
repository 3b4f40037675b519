import { useState } from 'react';
import { ConfigProvider } from 'antd';
import { QueryClientProvider } from '@tanstack/react-query';
import { BrowserRouter } from 'react-router-dom';
import { ActivePartnerRoleProvider } from '../auth/ActivePartnerRoleProvider';
import { ToastProvider } from '../chrome/ToastProvider';
import { OfflineDataProvider } from '../offline/OfflineDataProvider';
import { createQueryClient } from './query-client';
import { AppRoutes } from './routes';
import { theme } from './theme';

export function App() {
  const [queryClient] = useState(createQueryClient);
  return (
    <ConfigProvider theme={theme}>
      <QueryClientProvider client={queryClient}>
        <OfflineDataProvider client={queryClient}>
          <ToastProvider>
            <ActivePartnerRoleProvider>
              <BrowserRouter>
                <AppRoutes />
              </BrowserRouter>
            </ActivePartnerRoleProvider>
          </ToastProvider>
        </OfflineDataProvider>
      </QueryClientProvider>
    </ConfigProvider>
  );
}
