import { Button, Result } from '@arco-design/web-react';
import { useTranslation } from 'react-i18next';
import { appState } from '../../stores/app';

/** Spec: /theme/index exists; its content is the settings panel, which this page opens. */
export default function ThemePage() {
  const { t } = useTranslation();
  return (
    <div className="page">
      <Result status="info" title={t('route.theme')} extra={<Button type="primary" onClick={() => (appState.settingsOpen = true)}>{t('navbar.settings')}</Button>} />
    </div>
  );
}
