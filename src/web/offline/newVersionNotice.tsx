import { Button } from '@arco-design/web-react';
import { feedbackUi } from '../api/feedback';
import { i18n } from '../i18n';

/** "A new version is ready: reload", until the user reloads (a handheld keeps the console open for days). */
export async function announceNewVersion(reload: () => void) {
  const { Notification } = await feedbackUi();
  Notification.info({
    id: 'new-version', title: i18n.t('newVersion.title'), content: i18n.t('newVersion.content'), duration: 0, closable: true,
    btn: <Button type="primary" size="small" onClick={reload} data-testid="new-version-reload">{i18n.t('newVersion.reload')}</Button>,
  });
}
