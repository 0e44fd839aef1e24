import { IconExclamationCircle, IconSync } from '@arco-design/web-react/icon';
import { useTranslation } from 'react-i18next';
import { ns } from '../locale';

/** Says the screen is offline (or sending its queue), with how many scans wait to be sent. */
export function OfflineBanner({ online, waiting, othersWaiting }: { online: boolean; waiting: number; othersWaiting: number }) {
  const { t } = useTranslation(ns);
  if (online && !waiting && !othersWaiting) return null;
  return (
    <div className={`scan-offline${online ? ' scan-offline--sending' : ''}`} role="status" data-testid="offline-banner" data-online={online}>
      {online ? <IconSync /> : <IconExclamationCircle />}
      <span>{online ? t('offlineSending') : t('offlineBanner')}</span>
      <b data-testid="offline-count">{t('offlineWaiting', { count: waiting })}</b>
      {othersWaiting > 0 && <span className="scan-offline__others" data-testid="offline-others">{t('offlineOthers', { count: othersWaiting })}</span>}
    </div>
  );
}
