import { ConfigProvider } from '@arco-design/web-react';
import enUS from '@arco-design/web-react/es/locale/en-US';
import zhCN from '@arco-design/web-react/es/locale/zh-CN';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { I18nextProvider } from 'react-i18next';
import { RouterProvider } from 'react-router-dom';
import { i18n, storedLanguage } from '../i18n';
import { router } from './router';
import { useThemeEffect } from './useThemeEffect';
import { useDeviceEffect } from './useDeviceEffect';

export const queryClient = new QueryClient({
  defaultOptions: {
    // The client already told the user about a failure; a retry would tell them twice.
    queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30_000 },
    mutations: { retry: false },
  },
});

export function App() {
  useThemeEffect();
  useDeviceEffect();
  return (
    <I18nextProvider i18n={i18n}>
      <ConfigProvider locale={storedLanguage() === 'en-US' ? enUS : zhCN}>
        <QueryClientProvider client={queryClient}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </ConfigProvider>
    </I18nextProvider>
  );
}
