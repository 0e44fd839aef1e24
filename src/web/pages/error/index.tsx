import { Button, Result } from '@arco-design/web-react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';

/** 404 and 401 pages (docs/product.md#routes-and-screens). */
export default function ErrorPage({ status }: { status: 404 | 401 }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const notFound = status === 404;
  return (
    <div style={{ minHeight: '100vh', display: 'flex', alignItems: 'center', justifyContent: 'center', background: 'var(--color-bg-1)' }}>
      <Result
        status={notFound ? '404' : '403'}
        title={notFound ? t('error.notFoundTitle') : t('error.unauthorizedTitle')}
        subTitle={notFound ? t('error.notFound') : t('error.unauthorized')}
        extra={[
          <Button key="back" onClick={() => navigate(-1)} style={{ marginRight: 8 }}>{t('error.back')}</Button>,
          <Button key="home" type="primary" onClick={() => navigate('/', { replace: true })}>{t('error.backHome')}</Button>,
        ]}
      />
    </div>
  );
}
