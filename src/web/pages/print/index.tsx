import { Result } from '@arco-design/web-react';
import { useLocation } from 'react-router-dom';
import { useTranslation } from 'react-i18next';

/** Print and report cards (spec section 2) open outside the layout; their layouts come with the orders. */
export default function PrintCard() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  return (
    <div style={{ padding: 32 }}>
      <Result status="info" title={pathname.slice(1)} subTitle={t('generic.description', { path: pathname })} />
    </div>
  );
}
