import { ConfigProvider } from '@arco-design/web-react';
import enUS from '@arco-design/web-react/es/locale/en-US';
import zhCN from '@arco-design/web-react/es/locale/zh-CN';
import { QueryClientProvider } from '@tanstack/react-query';
import { useLayoutEffect, type ReactNode } from 'react';
import { i18n, storedLanguage } from '../i18n';
import { watchArcoAria } from '../kit/a11y/arcoAria';
import { queryClient } from './queryClient';

/**
 * What the signed-in console needs around it: Arco's locale and the server-state cache. Not in
 * the entry: the login page uses neither, and both with what they pull in (Arco's Message,
 * Notification, dayjs) would load before its form.
 */
export function ConsoleProviders({ children }: { children: ReactNode }) {
  // Before the first paint of the signed-in console: Arco's own ARIA, repaired (kit/a11y/arcoAria.ts).
  useLayoutEffect(() => watchArcoAria(document.body, {
    selectRow: i18n.t('a11y.selectRow'), selectAll: i18n.t('a11y.selectAll'), expandRow: i18n.t('a11y.expandRow'),
    pageSize: i18n.t('a11y.pageSize'), tableScroll: i18n.t('a11y.tableScroll'),
  }), []);
  return (
    <ConfigProvider locale={storedLanguage() === 'en-US' ? enUS : zhCN}>
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </ConfigProvider>
  );
}
