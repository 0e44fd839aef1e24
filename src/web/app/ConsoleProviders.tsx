import { ConfigProvider } from '@arco-design/web-react';
import enUS from '@arco-design/web-react/es/locale/en-US';
import zhCN from '@arco-design/web-react/es/locale/zh-CN';
import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { storedLanguage } from '../i18n';
import { queryClient } from './queryClient';

/**
 * What the signed-in console needs around it: Arco's locale and the server-state cache. Not in
 * the entry: the login page uses neither, and both with what they pull in (Arco's Message,
 * Notification, dayjs) would load before its form (issue 14).
 */
export function ConsoleProviders({ children }: { children: ReactNode }) {
  return (
    <ConfigProvider locale={storedLanguage() === 'en-US' ? enUS : zhCN}>
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </ConfigProvider>
  );
}
